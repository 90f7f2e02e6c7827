import type { Resource } from '../resources/resource';
import { compatCrud } from './resource-ops';
import type { CompatEntry } from './types';

/**
 * One line of the contract mapped to its handler: service, method, path, access, handle (and, for
 * lines made by crudLines, which seed verb of which resource it is).
 */
export type CompatLine = readonly [
  CompatEntry['service'],
  CompatEntry['method'],
  string,
  CompatEntry['access'],
  CompatEntry['handle'],
  CompatEntry['crud']?,
];

/** The seed verbs of one resource, each at its contract path (the seeds name them all differently). */
export interface CrudPaths {
  /** Lists (page/limit/search/filters), or reads one by id/_id. */
  get?: string;
  add?: string;
  update?: string;
  /** One by id/_id, or several by ids. */
  delete?: string;
}

/**
 * The paths of the four verbs under one base: `<base>/get`, `<base>/add`, `<base>/update`,
 * `<base>/delete`, or the last segment `names` gives a verb (`{ add: 'addcatalogue' }`).
 */
export const crudPathsUnder = (base: string, names: Partial<Record<keyof CrudPaths, string>> = {}): CrudPaths => ({
  get: `${base}/${names.get ?? 'get'}`,
  add: `${base}/${names.add ?? 'add'}`,
  update: `${base}/${names.update ?? 'update'}`,
  delete: `${base}/${names.delete ?? 'delete'}`,
});

/**
 * A resource's add/get/update/delete group in one line: POST lines guarded by the resource's own
 * permission module (read for get, write for the others).
 */
export function crudLines(service: CompatEntry['service'], resource: Resource, paths: CrudPaths): CompatLine[] {
  const ops = compatCrud(resource);
  const read = `${resource.module}:read` as const;
  const write = `${resource.module}:write` as const;
  const lines: CompatLine[] = [];
  if (paths.get) lines.push([service, 'POST', paths.get, read, ops.list, { resource, verb: 'get' }]);
  if (paths.add) lines.push([service, 'POST', paths.add, write, ops.create, { resource, verb: 'add' }]);
  if (paths.update) lines.push([service, 'POST', paths.update, write, ops.update, { resource, verb: 'update' }]);
  if (paths.delete) lines.push([service, 'POST', paths.delete, write, ops.remove, { resource, verb: 'delete' }]);
  return lines;
}

/** The entries of a module's compat table (lines and groups of lines, in one shape). */
export function compatTable(lines: (CompatLine | CompatLine[])[]): CompatEntry[] {
  return lines
    .flatMap((l) => (Array.isArray(l[0]) ? (l as CompatLine[]) : [l as CompatLine]))
    .map(([service, method, path, access, handle, crud]) => ({ service, method, path, access, handle, ...(crud ? { crud } : {}) }));
}
