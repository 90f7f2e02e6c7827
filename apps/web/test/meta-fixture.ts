import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResourceMeta } from '../src/api/get-resources-meta';

/**
 * What the server serves at `GET /api/v1/meta/resources`: `fixtures/meta-resources.json`, written by
 * `npm run api:types -w @atrium/web` and checked current in CI.
 */
export const servedMeta = JSON.parse(readFileSync(join(__dirname, 'fixtures/meta-resources.json'), 'utf8')) as ResourceMeta[];

type Patch<T> = { [K in keyof T]?: T[K] extends unknown[] ? T[K] : T[K] extends object ? Patch<T[K]> : T[K] } & Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete out[key];
    else out[key] = isPlainObject(value) && isPlainObject(out[key]) ? merge(out[key], value) : value;
  }
  return out as T;
}

/**
 * A resource's meta as the server serves it, so the kit's tests cannot drift from the API. `overrides`
 * merge into it (objects key by key, arrays and values replace, `undefined` removes): a test adds the
 * field kinds the real resource lacks.
 */
export function metaFixture(path: string, overrides: Patch<ResourceMeta> = {}): ResourceMeta {
  const served = servedMeta.find((m) => m.path === path);
  if (!served) throw new Error(`The server serves no resource ${path} (test/fixtures/meta-resources.json)`);
  return merge(structuredClone(served), overrides);
}
