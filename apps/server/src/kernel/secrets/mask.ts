const DOTS = '••••';

/**
 * Vendors' key prefixes, which say which key is stored without revealing any of it. Only these are
 * shown: a random key (a VAPID private key is base64url) can begin with letters and an underscore,
 * and a pattern such as "letters then _" would show six characters of it.
 */
const KNOWN_PREFIX = /^(?:(?:rzp|sk|rk|pk)_(?:live|test)_|whsec_)/;

/**
 * What may be shown of a secret: a known prefix (`rzp_live_`, `sk_test_`, `whsec_`) and its last
 * four characters, `rzp_live_••••1234`. Short values show nothing but the dots.
 */
export function maskSecret(value: string): string {
  const prefix = KNOWN_PREFIX.exec(value)?.[0] ?? '';
  const rest = value.slice(prefix.length);
  if (rest.length < 10) return `${prefix}${DOTS}`;
  return `${prefix}${DOTS}${rest.slice(-4)}`;
}

/** Every value of a credentials object masked. */
export function maskAll(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, maskSecret(v)]));
}
