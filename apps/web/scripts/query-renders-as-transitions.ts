import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The React that TanStack Query's hooks get (the module says why). */
export const QUERY_REACT_ADAPTER = fileURLToPath(new URL('../src/lib/react-for-query.ts', import.meta.url));

/** A file of the `@tanstack/react-query` package (its build, wherever npm put it). */
const IN_REACT_QUERY = /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/;

/**
 * A Vite plugin: inside `@tanstack/react-query`, `react` resolves to `src/lib/react-for-query.ts`,
 * React with its store hook rendering updates as transitions, so an answer landing never blocks the
 * main thread in one long task. The console's own `react` imports are untouched. The unit tests use it
 * too (vitest.config.ts), so they run what is built.
 */
export function queryRendersAsTransitions(): Plugin {
  return {
    name: 'atrium:query-renders-as-transitions',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'react' && importer && IN_REACT_QUERY.test(importer) ? QUERY_REACT_ADAPTER : null;
    },
  };
}
