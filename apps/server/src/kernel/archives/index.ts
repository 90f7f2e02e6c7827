/**
 * Archives an upload brings (XLSX workbooks today, any zip later): `readArchive(reader, input, …)`
 * opens one in a worker thread under heap limits, after counting how far it inflates (a cap per
 * reader, per entry and on the ratio: a zip bomb is a 413 before anything holds it). A new zip reader
 * is added to ARCHIVE_READERS (readers.ts), never opened on the main thread.
 */

export { ARCHIVE_WORKER_LIMITS, type ReadArchiveOptions, readArchive } from './read-archive';
export { ARCHIVE_READERS, type ArchiveReaderName } from './readers';
export { checkZipBounds, type ZipLimits } from './zip-bounds';
