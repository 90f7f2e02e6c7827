import { describe, expect, it } from 'vitest';
import type { ResourceMeta } from '../src/api/get-resources-meta';
import { adminsMeta, applicationsMeta, messagesMeta, productsMeta, projectsMeta, rolesMeta } from './fixtures';
import { metaFixture, servedMeta } from './meta-fixture';

/**
 * The kit's tests take resource metadata from what the server serves (`fixtures/meta-resources.json`,
 * generated from `GET /api/v1/meta/resources` by `npm run api:types -w @atrium/web` and checked current
 * in CI), adding only field kinds a real resource lacks. A change on the server reaches the tests.
 */

/** The fields each fixture adds for kinds the real resource lacks. */
const TEST_ONLY: Record<string, string[]> = {
  'identity/admins': ['score', 'notes', 'avatar', 'active'],
  'site/projects': ['logoUrl'],
  'site/career-applications': ['brochureUrl'],
};

const without = (record: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(Object.entries(record ?? {}).filter(([key]) => !keys.includes(key)));

describe('meta fixtures are what the server serves', () => {
  it('the generated snapshot holds every resource the console lists', () => {
    expect(servedMeta.length).toBeGreaterThan(40);
    expect(servedMeta.map((m) => m.path)).toEqual(expect.arrayContaining(['identity/admins', 'site/projects', 'commerce/products']));
  });

  it('a fixture of a resource the server does not serve is refused', () => {
    expect(() => metaFixture('site/nothing-here')).toThrow('The server serves no resource site/nothing-here');
  });

  for (const fixture of [adminsMeta, rolesMeta, projectsMeta, productsMeta, messagesMeta, applicationsMeta]) {
    it(`${fixture.path}: the served meta, plus only its declared test fields (which the server lacks)`, () => {
      const served = servedMeta.find((m) => m.path === fixture.path) as ResourceMeta;
      const added = TEST_ONLY[fixture.path] ?? [];
      for (const key of added) expect(Object.keys(served.input.properties ?? {}), `${fixture.path}.${key} is test-only`).not.toContain(key);
      expect(without(fixture.input.properties, added)).toEqual(served.input.properties);
      expect(without(fixture.ui.fields, added)).toEqual(served.ui.fields);
      expect({ ...fixture, input: served.input, ui: served.ui }).toEqual(served);
      expect({ ...fixture.ui, fields: served.ui.fields }).toEqual(served.ui);
    });
  }
});
