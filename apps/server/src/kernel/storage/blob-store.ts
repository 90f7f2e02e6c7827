import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from '../errors/app-error';

/**
 * Where the bytes of stored files live, by storage key (`<tenant>/<file id>`). The file records
 * (name, sniffed type, size, owner) stay in the database; a store only keeps bytes.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /**
   * Stores the bytes under the key. A stream is written as it is read (never held whole); when it
   * fails (an error from its source), nothing is left under the key.
   */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** A stream of the bytes; 404 when there are none under the key. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes (nothing happens when there are none). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Checked once at start: a misconfigured store stops the server with a message. */
  check(): Promise<void>;
  /** Releases connections (the app closes). */
  close(): void;
}

/** Local disk under DATA_DIR/files (the default). */
export function diskBlobStore(dataDir: string): BlobStore {
  const root = join(dataDir, 'files');
  const pathOf = (key: string) => {
    if (key.split('/').some((part) => part === '..' || part === '')) throw new Error(`Invalid storage key ${key}`);
    return join(root, key);
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      if (Buffer.isBuffer(body)) return writeFile(path, body);
      // Written beside, then renamed: a reader never sees half a file, a failed stream leaves none.
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(partial));
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      const path = pathOf(key);
      if (!(await this.exists(key))) throw errors.notFound('File');
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
    },
    close() {},
  };
}
