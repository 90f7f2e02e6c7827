import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { errors } from '../errors/app-error';
import type { BlobStore } from './blob-store';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Ceph…); unset = AWS. */
  endpoint?: string;
  /** Unset = the SDK's default chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can serve several installations. */
  prefix: string;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Files in an S3-compatible bucket under `<prefix><tenant>/<file id>`. */
export function s3BlobStore(options: S3Options): BlobStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: S3-compatible services differ in which of the
    // newer checksum headers they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const Key = (key: string) => `${options.prefix}${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // Multipart for large files (parts of 8 MB, four at a time), one PUT for small ones. A stream
      // is sent as it is read (at most four parts held); a failed one aborts the multipart upload.
      await new Upload({
        client,
        params: { Bucket, Key: Key(key), Body: body, ContentType: contentType },
        partSize: 8 * 1024 * 1024,
      }).done();
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return out.Body as Readable;
      } catch (err) {
        if (missing(err)) throw errors.notFound('File');
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        client.destroy();
        const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        throw new Error(`S3_BUCKET: bucket "${Bucket}" is not reachable${options.endpoint ? ` at ${options.endpoint}` : ''} (${reason})`);
      }
    },
    close() {
      client.destroy();
    },
  };
}
