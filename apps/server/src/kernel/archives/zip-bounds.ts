import { createInflateRaw } from 'node:zlib';
import { tooLarge, unreadable } from './refused.ts';

// How far a zip archive may inflate, checked before any reader opens it. A zip's entries are walked
// the way streaming readers walk them (each local header in turn, as unzipper does for exceljs), and
// every entry is inflated here and counted, its output thrown away: a reader that then parses the
// archive inflates exactly what was counted (deflate is deterministic), so a "zip bomb" is refused
// before anything holds its content. Self-contained on purpose: it runs in the archive worker
// (archive-worker.ts), as compiled JavaScript in production and as TypeScript under the tests.

export interface ZipLimits {
  /** Inflated bytes of all entries together. */
  maxTotalBytes: number;
  /** Inflated bytes of any one entry, unless `entryCaps` names it. */
  maxEntryBytes: number;
  /** Tighter caps for entries a reader holds in memory (an XLSX workbook's shared strings). */
  entryCaps?: Record<string, number>;
  /** Inflated size over compressed size of an entry past `ratioFloorBytes`: more is a bomb, not a document. */
  maxRatio: number;
  ratioFloorBytes: number;
  maxEntries: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const DATA_DESCRIPTOR = 0x08074b50;
const HAS_DESCRIPTOR = 0x08;
const STORED = 0;
const DEFLATED = 8;

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Walks every local entry of `zip`, inflating and counting it; throws an ArchiveRefused past a limit (413) or on a broken zip (400). */
export async function checkZipBounds(zip: Uint8Array, limits: ZipLimits): Promise<void> {
  const bytes = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  let offset = 0;
  let total = 0;
  let entries = 0;
  const invalid = (why: string) => unreadable(`Not a readable zip archive: ${why}`);
  while (offset + 4 <= bytes.length) {
    const signature = bytes.readUInt32LE(offset);
    if (signature === CENTRAL_HEADER || signature === END_OF_CENTRAL) return;
    if (signature !== LOCAL_HEADER) throw invalid('an entry has no header');
    if (offset + 30 > bytes.length) throw invalid('an entry is cut short');
    if (++entries > limits.maxEntries) throw tooLarge(`The archive has more than ${limits.maxEntries} entries`);
    const flags = bytes.readUInt16LE(offset + 6);
    const method = bytes.readUInt16LE(offset + 8);
    const compressedSize = bytes.readUInt32LE(offset + 18);
    const storedSize = bytes.readUInt32LE(offset + 22);
    const nameLength = bytes.readUInt16LE(offset + 26);
    const extraLength = bytes.readUInt16LE(offset + 28);
    const name = bytes.toString('utf8', offset + 30, offset + 30 + nameLength);
    const dataStart = offset + 30 + nameLength + extraLength;
    const cap = Math.min(limits.entryCaps?.[name] ?? limits.maxEntryBytes, limits.maxTotalBytes - total);
    const pastCap = () => tooLarge(`The archive inflates past ${mb(limits.maxTotalBytes)} (or ${mb(cap)} in ${name.slice(0, 100)})`);
    let consumed: number;
    let inflated: number;
    if (method === STORED) {
      if (flags & HAS_DESCRIPTOR) throw invalid('a stored entry without its size');
      consumed = compressedSize;
      inflated = storedSize;
      if (inflated !== consumed) throw invalid('a stored entry with two sizes');
      if (inflated > cap) throw pastCap();
    } else if (method === DEFLATED) {
      // The compressed size may be unknown here (a data descriptor follows): the inflater says where the entry ends.
      const known = !(flags & HAS_DESCRIPTOR);
      const counted = await inflatedSize(bytes.subarray(dataStart, known ? dataStart + compressedSize : undefined), cap);
      if (counted === null) throw pastCap();
      ({ consumed, inflated } = counted);
      if (known && consumed !== compressedSize) throw invalid('an entry is cut short');
    } else {
      throw invalid(`compression method ${method}`);
    }
    if (inflated > limits.ratioFloorBytes && inflated > consumed * limits.maxRatio) {
      throw tooLarge(`${name.slice(0, 100)} inflates ${Math.round(inflated / Math.max(consumed, 1))} times: refused as a zip bomb`);
    }
    total += inflated;
    offset = dataStart + consumed;
    if (flags & HAS_DESCRIPTOR) offset += offset + 4 <= bytes.length && bytes.readUInt32LE(offset) === DATA_DESCRIPTOR ? 16 : 12;
  }
  throw invalid('it has no directory');
}

/**
 * The inflated size of the deflate stream at the start of `data` and how many bytes it took, or
 * null as soon as it passes `cap` (inflating stops there: nothing past the cap is produced).
 */
function inflatedSize(data: Buffer, cap: number): Promise<{ consumed: number; inflated: number } | null> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let inflated = 0;
    let done = false;
    inflater.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > cap && !done) {
        done = true;
        inflater.destroy();
        resolve(null);
      }
    });
    inflater.on('end', () => {
      if (done) return;
      done = true;
      resolve({ consumed: inflater.bytesWritten, inflated });
    });
    inflater.on('error', () => {
      if (done) return;
      done = true;
      reject(unreadable('Not a readable zip archive: an entry does not inflate'));
    });
    inflater.end(data);
  });
}
