import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestCommunity } from './helpers';
import { png, storageConformance, upload } from './storage-conformance';

storageConformance('local disk', {
  config: () => ({}),
  async keysOf(t, tenantId) {
    const names = await readdir(join(t.config.dataDir, 'files', tenantId)).catch(() => [] as string[]);
    return names.map((name) => `${tenantId}/${name}`);
  },
});

describe('storage: upload size limit', () => {
  let t: TestApp;
  let a: TestCommunity;
  beforeAll(async () => {
    t = await startTestApp({ maxUploadBytes: 1024 });
    a = await t.signup();
  });
  afterAll(() => t?.close());

  it('accepts a file under the limit', async () => {
    const small = await png(2, 2);
    expect(small.length).toBeLessThan(1024);
    const res = await upload(t, a, [{ filename: 'small.png', data: small }]);
    expect(res.statusCode).toBe(201);
  });

  it('refuses a larger file with 413 payload_too_large and keeps nothing', async () => {
    const big = Buffer.concat([await png(2, 2), randomBytes(4096)]);
    const res = await upload(t, a, [{ filename: 'big.png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    const list = await t.request({ method: 'GET', url: '/api/v1/media/files?q=big', as: a });
    expect(list.json().data).toEqual([]);
  });
});
