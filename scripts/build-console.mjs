#!/usr/bin/env node
// Builds the console (apps/web) before the server starts when its build is missing or older than
// its sources, so `npm start` always serves the current console, always as a production build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'postcss.config.cjs', 'package.json'].map((p) => join(web, p));

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

// A build made another way (`vite` in development mode) is replaced: only this script writes the stamp.
const stamp = join(web, 'dist/.production-build');
const sourceTime = Math.max(...sources.map(newest));
const buildTime = existsSync(built) && existsSync(stamp) ? statSync(built).mtimeMs : 0;
if (buildTime >= sourceTime) process.exit(0);

if (!existsSync(join(root, 'node_modules/vite')) && !existsSync(join(web, 'node_modules/vite'))) {
  console.warn('The console is not built and Vite is not installed (npm ci installs it); starting the API only.');
  process.exit(0);
}
console.log(buildTime ? 'The console changed: building it…' : 'Building the console…');
// Always React's production bundle, whatever NODE_ENV the server runs with (development by default).
const result = spawnSync('npm', ['run', 'build', '-w', '@atrium/web', '--', '--mode', 'production'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (result.status === 0) writeFileSync(stamp, `${new Date().toISOString()}\n`);
process.exit(result.status ?? 1);
