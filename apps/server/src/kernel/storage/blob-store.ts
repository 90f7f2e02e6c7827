import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { errors } from '../errors/app-error';

/**
 * Where the bytes of stored files live, by storage key (`<tenant>/<file id>`). The file records
 * (name, sniffed type, size, owner) stay in the database; a store only keeps bytes.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
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
      await writeFile(path, body);
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
