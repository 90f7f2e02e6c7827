import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedIfEmpty } from '../src/seed';
import { logIn, SEEDED_START_TIMEOUT, startTestApp, type TestApp } from './helpers';

describe('finding 11: the generated owner password never reaches the structured log', () => {
  let t: TestApp;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ adminEmail: 'owner@atrium.test' });
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
      vi.spyOn(t.app.log, level).mockImplementation((...args: unknown[]) => {
        logged.push(JSON.stringify(args));
      });
    }
    // Seeding with a generated password is what this file tests: it seeds afresh (~15 s, far more under load).
    await seedIfEmpty(t.app);
    vi.restoreAllMocks();
  }, SEEDED_START_TIMEOUT);
  afterAll(() => t.close());

  it('keeps it in DATA_DIR/owner-password, readable by this user only, and it signs in', async () => {
    const file = join(t.config.dataDir, 'owner-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    const res = await logIn(t, 'owner@atrium.test', password, t.config.seedCommunity);
    expect(res.statusCode, res.body).toBe(200);
    // What seeding logged says where the password is, never the password.
    expect(logged.join('\n')).toContain(file);
    expect(logged.join('\n')).not.toContain(password);
  });
});
