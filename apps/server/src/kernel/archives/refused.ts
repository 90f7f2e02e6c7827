/**
 * Why an archive or what it holds was refused, as the API answers it (a 4xx status and a code).
 * Thrown inside the archive worker and carried across to the main thread as plain fields.
 */
export class ArchiveRefused extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ArchiveRefused';
    this.status = status;
    this.code = code;
  }
}

/** Past a cap or a ratio: the archive inflates further than anything the server reads. */
export const tooLarge = (message: string) => new ArchiveRefused(413, 'archive_too_large', message);
/** Not an archive this server reads. */
export const unreadable = (message: string) => new ArchiveRefused(400, 'invalid_archive', message);
