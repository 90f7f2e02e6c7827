import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { sweepImports } from '../src/kernel/lists/import-job';
import type { S3Options } from '../src/kernel/storage/s3-store';
import { type ImportFields, importFileReleased, importFinished, postImport } from './csv-helpers';
import { startTestApp } from './helpers';
import { storageConformance } from './storage-conformance';

/**
 * The storage conformance suite against a real S3-compatible server (s3rver) started here on a
 * random port, with path-style addressing and a key prefix as a self-hosted service would use.
 */
const directory = mkdtempSync(join(tmpdir(), 'atrium-s3-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
let s3: S3Options;
let client: S3Client;

beforeAll(async () => {
  const { port } = await server.run();
  s3 = {
    bucket: 'atrium-files',
    region: 'eu-central-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'tenants/',
  };
  client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
});
afterAll(async () => {
  client?.destroy();
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

storageConformance('S3', {
  config: () => ({ s3 }),
  async keysOf(_t, tenantId) {
    const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${s3.prefix}${tenantId}/` }));
    return (out.Contents ?? []).map((o) => o.Key!.slice(s3.prefix.length));
  },
});

describe('imports through S3', () => {
  it('streams an upload to the bucket (multipart when large), reads it back for the job, deletes it after', async () => {
    const t = await startTestApp({ s3 });
    try {
      const a = await t.signup();
      const post = (fields: ImportFields, file: string) => postImport(t, a, 'site/products', file, { filename: 'products.csv', ...fields });
      const objectSize = async (key: string) => {
        try {
          return (await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${s3.prefix}${key}` }))).ContentLength;
        } catch {
          return null;
        }
      };
      const keyOf = async (id: string) =>
        (await t.app.db.query<{ storage_key: string | null }>('select storage_key from import_jobs where id = $1', [id]))[0]?.storage_key;

      // 9 MB: more than one 8 MB part, sent as a multipart upload while it arrives.
      const line = `,Product ${'with a long name '.repeat(16)}\n`;
      const big = `Code,Name\n${Array.from({ length: Math.ceil((9 * 1024 * 1024) / (line.length + 8)) }, (_, i) => `B-${i}${line}`).join('')}`;
      const preview = await post({ mode: 'preview', key: 'code' }, big);
      expect(preview.statusCode, preview.body).toBe(200);
      const bigKey = (await keyOf(preview.json().upload))!;
      expect(await objectSize(bigKey)).toBe(Buffer.byteLength(big));
      await t.app.db.query(`update import_jobs set created_at = now() - interval '2 days' where id = $1`, [preview.json().upload]);
      expect(await sweepImports(t.app)).toMatchObject({ deleted: 1, filesRemoved: 1 });
      expect(await objectSize(bigKey)).toBeNull();

      const started = await post({ mode: 'run', key: 'code' }, 'Code,Name\nS3-1,From S3\nS3-2,Also from S3\n');
      expect(started.statusCode, started.body).toBe(202);
      const id = started.json().data.id as string;
      const key = (await keyOf(id))!;
      const job = await importFinished(t, a, 'site/products', id);
      expect(job).toMatchObject({ status: 'done', created: 2 });
      await importFileReleased(t, id);
      expect(await objectSize(key)).toBeNull();
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('S3 configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-s3-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reads the S3_* variables; without S3_BUCKET files stay on disk', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'my-bucket',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'atrium/',
    });
    expect(config.s3).toEqual({
      bucket: 'my-bucket',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'atrium/',
    });
  });

  it('names what is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'my-bucket', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'No_Such Bucket' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'my-bucket', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'my-bucket', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });

  it('refuses to start when the bucket cannot be reached, naming S3_BUCKET', async () => {
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'off', DATA_DIR: dataDir },
      { jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789', inMemory: true, s3: { ...s3, bucket: 'no-such-bucket' } },
    );
    await expect(buildApp(config, { seed: false, logger: false })).rejects.toThrow(/S3_BUCKET: bucket "no-such-bucket" is not reachable/);
  });
});
