#!/usr/bin/env node
// Compiles the server (apps/server/src) to plain JavaScript in apps/server/dist when the build is
// missing or older than its sources, so production runs `node dist/main.js` with no TypeScript at
// run time. One output file per source file, same folder layout (paths resolved from
// import.meta.url, like the migrations folder, stay true); relative imports get their `.js`.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = join(dirname(fileURLToPath(import.meta.url)), '../apps/server');
const src = join(server, 'src');
const dist = join(server, 'dist');
const stamp = join(dist, 'main.js');

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}
const sources = files(src);
const newest = Math.max(...[...sources, join(server, 'package.json')].map((f) => statSync(f).mtimeMs));
if (existsSync(stamp) && statSync(stamp).mtimeMs >= newest && !process.argv.includes('--force')) process.exit(0);

console.log('Compiling the server…');
rmSync(dist, { recursive: true, force: true });
const entries = sources.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));

/** Resolves a relative import to the file it names and rewrites it to that file's output (`.js`). */
const relativeImportsToJs = {
  name: 'relative-imports-to-js',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const target = resolve(args.resolveDir, args.path);
      const file = ['.ts', '/index.ts', ''].map((ext) => target + ext).find((f) => existsSync(f) && statSync(f).isFile());
      if (!file) return { errors: [{ text: `Cannot resolve ${args.path} from ${args.importer}` }] };
      if (!file.endsWith('.ts')) return { path: args.path, external: true };
      let spec = relative(dirname(args.importer), file).replace(/\.ts$/, '.js');
      if (!spec.startsWith('.')) spec = `./${spec}`;
      return { path: spec, external: true };
    });
  },
};

await build({
  entryPoints: entries,
  outdir: dist,
  outbase: src,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [relativeImportsToJs],
});
// Files read at run time next to the code (the compat contract's table).
for (const file of sources.filter((f) => !f.endsWith('.ts'))) cpSync(file, join(dist, relative(src, file)));
