import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { queryRendersAsTransitions } from './scripts/query-renders-as-transitions.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = process.env.ATRIUM_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [queryRendersAsTransitions(), react()],
  // Pre-bundled, the package would import React past the plugin above (development server only).
  optimizeDeps: { exclude: ['@tanstack/react-query'] },
  define: { __WEB_VERSION__: JSON.stringify(pkg.version) },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // The page's own chunks are preloaded from index.html; a lazy screen's are not: Vite's helper adds a
    // <link> per chunk the screen imports (20–126 of them) at the moment the screen starts loading, and
    // on a phone those insertions were a long task of their own at the start (Lighthouse, README).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/public': apiTarget, '/compat': apiTarget },
  },
});
