import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASHING, verifyPassword } from '../src/kernel/auth/passwords';

describe('password hashing', () => {
  it("the server hashes with argon2id at OWASP's minimum cost (19 MiB, two passes, one lane)", async () => {
    expect(PASSWORD_HASHING).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const made = await hash('correct-horse-battery', PASSWORD_HASHING);
    expect(made).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(made, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(made, 'correct-horse-batterz')).toBe(false);
  });

  it('the test apps hash cheaply (test/cheap-password-hashing.ts), and a hash verifies whatever cost made it', async () => {
    const cheap = await hashPassword('correct-horse-battery');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(cheap, 'Correct-horse-battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct-horse-battery')).toBe(false);
  });
});
