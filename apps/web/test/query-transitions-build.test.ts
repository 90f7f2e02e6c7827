// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { QUERY_REACT_ADAPTER, queryRendersAsTransitions } from '../scripts/query-renders-as-transitions';

describe('the build gives TanStack Query the transition adapter for `react`', () => {
  const resolve = queryRendersAsTransitions().resolveId as (source: string, importer?: string) => string | null;

  it('inside the package, and only there', () => {
    expect(QUERY_REACT_ADAPTER).toMatch(/src[\\/]lib[\\/]react-for-query\.ts$/);
    expect(resolve('react', '/app/node_modules/@tanstack/react-query/build/modern/useBaseQuery.js')).toBe(QUERY_REACT_ADAPTER);
    expect(resolve('react', '/app/src/kit/resource-list.tsx')).toBeNull();
    expect(resolve('react', '/app/node_modules/@tanstack/query-core/build/modern/index.js')).toBeNull();
    expect(resolve('react-dom', '/app/node_modules/@tanstack/react-query/build/modern/index.js')).toBeNull();
    expect(resolve('react', undefined)).toBeNull();
  });
});

describe('the adapter has what the package uses of React', () => {
  it('exports every React name in the installed @tanstack/react-query build', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { createRequire } = await import('node:module');
    const { dirname, join } = await import('node:path');
    const pkg = dirname(createRequire(import.meta.url).resolve('@tanstack/react-query/package.json'));
    const build = join(pkg, 'build/modern');
    const used = new Set<string>();
    for (const file of readdirSync(build).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(build, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const [, name] of code.matchAll(/\bReact\.([A-Za-z_$][\w$]*)/g)) used.add(name);
      for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']react["']/g))
        for (const name of names.split(',')) if (name.trim()) used.add(name.trim().split(/\s+as\s+/)[0]);
    }
    expect(used.size).toBeGreaterThan(5);
    const adapter = (await import('../src/lib/react-for-query')) as Record<string, unknown>;
    const missing = [...used].filter((name) => adapter[name] === undefined);
    expect(missing).toEqual([]);
  });
});
