#!/usr/bin/env node
/**
 * The ten slowest test files of a vitest run, from its JSON report
 * (`vitest run --reporter=json --outputFile.json=<file>`): `node scripts/slowest-tests.mjs <file> [title]`.
 * .ci/run prints them after each suite, so a file that grew slow shows in every run's output.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [file, title = 'test files'] = process.argv.slice(2);
if (!file) {
  console.error('usage: slowest-tests.mjs <vitest JSON report> [title]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const files = report.testResults
  .map((r) => ({ name: relative(process.cwd(), r.name), ms: r.endTime - r.startTime, tests: r.assertionResults.length }))
  .sort((a, b) => b.ms - a.ms);
const total = files.reduce((sum, f) => sum + f.ms, 0);
console.log(`== ten slowest ${title} (of ${files.length}; ${(total / 1000).toFixed(0)} s of file time in all)`);
for (const f of files.slice(0, 10)) console.log(`${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name} (${f.tests} tests)`);
