import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../src/kernel/auth/tokens';

const claims = {
  sub: '6f1c2a8e-1111-4c3b-9a55-0e2d8a9b7c01',
  tid: '6f1c2a8e-2222-4c3b-9a55-0e2d8a9b7c01',
  sid: '6f1c2a8e-3333-4c3b-9a55-0e2d8a9b7c01',
  cn: 'acme',
};

describe('token service', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own token, the same claims on every use (the second from memory)', async () => {
    const tokens = createTokenService('a'.repeat(64));
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    const first = tokens.verify(token);
    expect(first).toMatchObject(claims);
    expect(tokens.verify(token)).toEqual(first);
  });

  it('refuses a remembered token once it has expired', async () => {
    const tokens = createTokenService('a'.repeat(64));
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    expect(tokens.verify(token)).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    expect(tokens.verify(token)).toBeNull();
  });

  it("refuses another secret's token, a changed payload and junk", async () => {
    const mine = createTokenService('a'.repeat(64));
    const theirs = createTokenService('b'.repeat(64));
    const token = await theirs.sign(claims, new Date(Date.now() + 60_000));
    expect(theirs.verify(token)).not.toBeNull();
    expect(mine.verify(token)).toBeNull();
    const own = await mine.sign(claims, new Date(Date.now() + 60_000));
    const [header, , signature] = own.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: claims.tid, exp: 9_999_999_999 })).toString('base64url');
    expect(mine.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(mine.verify('not.a.token')).toBeNull();
    expect(mine.verify('')).toBeNull();
  });
});
