import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the longest test files first, by the durations a measured run left in
 * `test/file-durations.json` (`node scripts/slowest-tests.mjs --save test/file-durations.json <report>…`).
 * A clean clone has no vitest cache, and after the embedded suite the cache says the PostgreSQL-only
 * kill -9 test (skipped there) takes nothing, so vitest would start it last and leave one of the two
 * workers idle through its minutes. Files not measured yet count as a typical file.
 */
const TYPICAL_MS = 8_000;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = join(import.meta.dirname, '..');
    let measured: Record<string, number> = {};
    try {
      measured = JSON.parse(readFileSync(join(import.meta.dirname, 'file-durations.json'), 'utf8'));
    } catch {
      return super.sort(files);
    }
    const ms = (spec: TestSpecification) => measured[relative(root, spec.moduleId)] ?? TYPICAL_MS;
    return [...files].sort((a, b) => ms(b) - ms(a));
  }
}
