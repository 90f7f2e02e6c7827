import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, ResourceMeta } from '../src/api/get-resources-meta';
import { unwrapNullable } from '../src/kit/schema';
import { adminsMeta, productsMeta, projectsMeta, rolesMeta } from './fixtures';

/**
 * The kit's tests describe resources by hand (with extra field kinds a real resource lacks). What they
 * share with the server must be what the server serves: `fixtures/meta-resources.json` is generated from
 * `GET /api/v1/meta/resources` by `npm run api:types -w @atrium/web` and checked current in CI, so a
 * change on the server that the console's tests do not follow fails here.
 */
const served = JSON.parse(readFileSync(join(__dirname, 'fixtures/meta-resources.json'), 'utf8')) as ResourceMeta[];

/** Fields the fixtures add for kinds the real resource lacks (never compared). */
const TEST_ONLY: Record<string, string[]> = {
  'identity/admins': ['score', 'notes', 'avatar', 'active'],
  'site/projects': ['logoUrl'],
};

const shape = (schema: JsonSchema) => {
  const { schema: s } = unwrapNullable(schema);
  return { type: s.type ?? (s.enum ? 'string' : undefined), enum: s.enum ?? s.items?.enum, items: s.items?.type };
};

describe('hand-written meta fixtures agree with what the server serves', () => {
  it('the generated snapshot holds every resource the console lists', () => {
    expect(served.length).toBeGreaterThan(40);
    expect(served.map((m) => m.path)).toEqual(expect.arrayContaining(['identity/admins', 'site/projects', 'commerce/products']));
  });

  for (const fixture of [adminsMeta, rolesMeta, projectsMeta, productsMeta]) {
    it(`${fixture.path}: shared fields have the served type, enum values, widget and relation`, () => {
      expect(served.map((m) => m.path)).toContain(fixture.path);
      const real = served.find((m) => m.path === fixture.path);
      const testOnly = new Set(TEST_ONLY[fixture.path] ?? []);
      for (const [key, schema] of Object.entries(fixture.input.properties ?? {})) {
        if (testOnly.has(key)) continue;
        expect(Object.keys(real!.input.properties ?? {}), `${fixture.path}.${key} is an input the server takes`).toContain(key);
        expect(shape(schema), `${fixture.path}.${key}`).toEqual(shape(real!.input.properties![key]));
      }
      for (const [key, ui] of Object.entries(fixture.ui.fields)) {
        if (testOnly.has(key)) continue;
        const servedUi = real!.ui.fields[key];
        expect(servedUi?.widget, `${fixture.path}.${key} widget`).toBe(ui.widget);
        if (ui.relation) expect(servedUi?.relation, `${fixture.path}.${key} relation`).toEqual(ui.relation);
      }
      expect(real!.ui.title).toBe(fixture.ui.title);
      for (const key of fixture.list.search) expect(real!.list.search, `${fixture.path} searches ${key}`).toContain(key);
    });
  }
});
