/** Compat surface: map the seeds' calls (legacy-calls.tsv) to resource operations and services. */
export { compatId, compatScope, firstOf, inCompatTx } from './call';
export { readMultipart } from './multipart-body';
export { compatCrud, Envelope } from './resource-ops';
export { type CompatLine, type CrudPaths, compatTable, crudLines, crudPathsUnder } from './table';
export type { CompatCall, CompatEntry } from './types';
