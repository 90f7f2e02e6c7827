import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { queryRendersAsTransitions } from './scripts/query-renders-as-transitions.ts';

export default defineConfig({
  // As built: TanStack Query's updates render as transitions (the package is bundled for the tests, so
  // its `react` import goes through the plugin).
  plugins: [queryRendersAsTransitions(), react()],
  define: { __WEB_VERSION__: JSON.stringify('test') },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    server: { deps: { inline: [/@tanstack\/react-query/] } },
    // Vitest's default for a run is one worker fewer than the cores: one on the 2-core CI machine.
    maxWorkers: 2,
    // Form tests type into Mantine inputs; on a shared 2-core machine under load that passes 5 s.
    testTimeout: 20_000,
  },
});
