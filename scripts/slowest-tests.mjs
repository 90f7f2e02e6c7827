#!/usr/bin/env node
/**
 * The ten slowest test files of a vitest run, from its JSON report
 * (`vitest run --reporter=json --outputFile.json=<file>`): `node scripts/slowest-tests.mjs <file> [title]`.
 * .ci/run prints them after each suite, so a file that grew slow shows in every run's output.
 *
 * `node scripts/slowest-tests.mjs --save apps/server/test/file-durations.json <report>…` writes each
 * file's longest duration over the reports (e.g. the embedded and the PostgreSQL run), which the API
 * suite's sequencer (apps/server/test/longest-first.ts) uses to start the longest files first.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

const args = process.argv.slice(2);
const fileTimes = (report, root) =>
  JSON.parse(readFileSync(report, 'utf8')).testResults.map((r) => ({
    name: relative(root, r.name),
    ms: r.endTime - r.startTime,
    tests: r.assertionResults.length,
  }));

if (args[0] === '--save') {
  const [, target, ...reports] = args;
  if (!target || reports.length === 0) {
    console.error('usage: slowest-tests.mjs --save <durations.json> <vitest JSON report>…');
    process.exit(2);
  }
  // Paths relative to the test project (the durations file sits in its test/ folder).
  const root = dirname(dirname(target));
  const longest = {};
  for (const report of reports) for (const f of fileTimes(report, root)) longest[f.name] = Math.max(longest[f.name] ?? 0, Math.round(f.ms));
  const sorted = Object.fromEntries(Object.entries(longest).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`wrote ${Object.keys(sorted).length} file durations to ${target}`);
  process.exit(0);
}

const [file, title = 'test files'] = args;
if (!file) {
  console.error('usage: slowest-tests.mjs <vitest JSON report> [title]');
  process.exit(2);
}
const files = fileTimes(file, process.cwd()).sort((a, b) => b.ms - a.ms);
const total = files.reduce((sum, f) => sum + f.ms, 0);
console.log(`== ten slowest ${title} (of ${files.length}; ${(total / 1000).toFixed(0)} s of file time in all)`);
for (const f of files.slice(0, 10)) console.log(`${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name} (${f.tests} tests)`);
