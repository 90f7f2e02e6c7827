const DOTS = '••••';

/**
 * What may be shown of a secret: a known prefix (`rzp_live_`, `sk_test_`, `whsec_`) and its last
 * four characters, `rzp_live_••••1234`. Short values show nothing but the dots.
 */
export function maskSecret(value: string): string {
  const prefix = /^([a-z]{2,8}_(?:(?:live|test)_)?)/i.exec(value)?.[1] ?? '';
  const rest = value.slice(prefix.length);
  if (rest.length < 10) return `${prefix}${DOTS}`;
  return `${prefix}${DOTS}${rest.slice(-4)}`;
}

/** Every value of a credentials object masked. */
export function maskAll(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, maskSecret(v)]));
}
