import { existsSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Free space a run needs for its template copies and test data directories. */
const NEEDED_BYTES = 4 * 1024 ** 3;
const SHARED_MEMORY = '/dev/shm';

/**
 * The directory the test runs keep their databases and data directories in: shared memory (a tmpfs)
 * when the machine has one with room, else the usual temporary directory.
 *
 * Why: an embedded test database is a copied PGlite data directory of about 2,400 files (db-templates.ts).
 * On this machine's ext4 disk each copy cost 0.1–2 s of kernel CPU, growing as writeback fell behind,
 * against 0.06 s on a tmpfs, and the engine's own file writes during a test are cheaper there too.
 * Nothing a test keeps needs to outlive the run. Set TMPDIR to choose another place.
 */
export function fastTmpdir(): string {
  if (process.env.TMPDIR) return process.env.TMPDIR;
  // No /dev/shm (not Linux) is no error: the usual place then.
  const fs = existsSync(SHARED_MEMORY) ? statfsSync(SHARED_MEMORY) : undefined;
  return fs && fs.bavail * fs.bsize >= NEEDED_BYTES ? SHARED_MEMORY : tmpdir();
}

/**
 * Makes `os.tmpdir()` answer `fastTmpdir()` for this process and the processes it starts (vitest's
 * workers, the end-to-end server), by setting TMPDIR before any of them starts.
 */
export function useFastTmpdir(): string {
  const dir = fastTmpdir();
  process.env.TMPDIR = dir;
  return dir;
}
