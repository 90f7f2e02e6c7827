const DOTS = '••••';

/**
 * Vendors' key prefixes, which say which key is stored without revealing any of it. Only these are
 * shown: a random key (a VAPID private key is base64url) can begin with letters and an underscore,
 * and a pattern such as "letters then _" would show six characters of it.
 */
const KNOWN_PREFIX = /^(?:(?:rzp|sk|rk|pk)_(?:live|test)_|whsec_)/;

/** Below this length nothing of a secret is shown: a few characters are a real share of a short one. */
const SHOWN_FROM = 16;
/** At most this share of a secret's characters is shown, and never more than four. */
const SHOWN_SHARE = 4;

/**
 * What may be shown of a secret: nothing of one under 16 characters; of a longer one a known vendor
 * prefix (`rzp_live_`, `sk_test_`, `whsec_`: a public marker, not key material) and at most a
 * quarter of the rest, never more than its last four characters (`rzp_live_••••1234`).
 */
export function maskSecret(value: string): string {
  if (value.length < SHOWN_FROM) return DOTS;
  const prefix = KNOWN_PREFIX.exec(value)?.[0] ?? '';
  const rest = value.slice(prefix.length);
  const tail = rest.length < SHOWN_FROM ? 0 : Math.min(4, Math.floor(rest.length / SHOWN_SHARE));
  return `${prefix}${DOTS}${tail > 0 ? rest.slice(-tail) : ''}`;
}

/** Every value of a credentials object masked. */
export function maskAll(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, maskSecret(v)]));
}
