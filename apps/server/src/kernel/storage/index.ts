/** Files surface: stored uploads (local disk), their records and public links. */
export { publicFileUrl, type StoredFile, uploadParts } from './storage';
export { files } from './tables';
