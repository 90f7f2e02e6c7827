import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = process.env.ATRIUM_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  define: { __WEB_VERSION__: JSON.stringify(pkg.version) },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1200 },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/public': apiTarget, '/compat': apiTarget },
  },
});
