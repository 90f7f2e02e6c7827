import { defineConfig } from 'vitest/config';
import { useFastTmpdir } from './test/fast-tmpdir.ts';
import { LongestFirst } from './test/longest-first.ts';

// Templates, clones and data directories in shared memory when there is room (test/fast-tmpdir.ts);
// set before the global setup runs and the workers start, which inherit it.
useFastTmpdir();

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Migrates (and, on demand, seeds) one template database per run; each test app gets a copy.
    globalSetup: ['test/db-templates.ts'],
    // The test apps hash passwords at argon2id's smallest cost (test/cheap-password-hashing.ts).
    setupFiles: ['test/cheap-password-hashing.ts'],
    pool: 'forks',
    // A worker's test files share its modules: importing the app once per worker rather than once per
    // file saves about a third of the suite's CPU. Each file still starts its own app on its own database.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
