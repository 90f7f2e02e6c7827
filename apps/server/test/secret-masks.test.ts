import { describe, expect, it } from 'vitest';
import { maskSecret } from '../src/kernel/secrets';

// What a mask may show of a secret (finding 11 of issue 22): nothing of one under 16 characters, at
// most a quarter of a longer one (never more than its last four), plus a vendor's public prefix.

/** The characters of `secret` a mask reveals: its tail after the dots. */
const revealed = (mask: string) => mask.split('••••')[1] ?? '';

describe('secret masks', () => {
  it('shows nothing of a secret under 16 characters, not even its last four', () => {
    for (const secret of ['short', 'k-0001', '12345678', 'sms-key-0001', 'fifteen-chars-1']) {
      expect(maskSecret(secret)).toBe('••••');
    }
    // A vendor prefix does not make a short key long enough to show its tail.
    expect(maskSecret('rzp_test_FakeKey00001')).toBe('rzp_test_••••');
  });

  it('shows at most a quarter of a longer secret, and never more than four characters', () => {
    expect(maskSecret('sixteen-chars-01')).toBe('••••s-01');
    expect(maskSecret('a-long-salt-value-7788')).toBe('••••7788');
    expect(maskSecret('rzp_live_AbCdEfGh12341234')).toBe('rzp_live_••••1234');
    expect(maskSecret('sk_test_51Habcdefghijkl9876')).toBe('sk_test_••••9876');
    expect(maskSecret('whsec_abcdefghijklmnop4321')).toBe('whsec_••••4321');
    for (let length = 16; length <= 80; length++) {
      const secret = 'x'.repeat(length);
      expect(revealed(maskSecret(secret)).length).toBeLessThanOrEqual(Math.min(4, Math.floor(length / 4)));
    }
  });

  it('shows no head of a random key that merely looks like a prefix', () => {
    expect(maskSecret('HTVyy_0123456789abcdefgh')).toBe('••••efgh');
    expect(maskSecret('abc_live_0123456789abcdefgh')).toBe('••••efgh');
  });
});
