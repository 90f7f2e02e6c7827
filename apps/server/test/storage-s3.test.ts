import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import type { S3Options } from '../src/kernel/storage/s3-store';
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
