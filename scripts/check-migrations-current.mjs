// Fails when the drizzle tables changed without a committed migration: runs drizzle-kit generate
// with the project's own config into a scratch copy of drizzle/ and checks it found nothing to do.
// drizzle-kit exits 0 even when it could not run (a path it cannot write, a schema it cannot load),
// so the check also requires its "No schema changes" answer: anything else fails, with its output.
import { execSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const server = new URL('../apps/server/', import.meta.url).pathname;
// Inside apps/server and relative: drizzle-kit joins `out` to the working directory.
const name = `.migrations-check-${process.pid}`;
const scratch = join(server, name);
const config = join(server, `${name}.config.ts`);
cpSync(join(server, 'drizzle'), scratch, { recursive: true });
writeFileSync(config, `import base from './drizzle.config';\nexport default { ...base, out: './${name}' };\n`);
/** What is wrong, or null when the committed migrations match the tables. */
function problem() {
  const before = readdirSync(scratch).length;
  let output;
  try {
    output = execSync(`npx drizzle-kit generate --config ${name}.config.ts`, { cwd: server, stdio: 'pipe', encoding: 'utf8' });
  } catch (err) {
    return `drizzle-kit generate failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
  if (readdirSync(scratch).length !== before)
    return `Tables changed without a migration: run \`npm run db:generate -w @atrium/server\` and commit drizzle/.\n${output}`;
  if (!/No schema changes/.test(output)) return `drizzle-kit did not say the schema is current; its output:\n${output}`;
  return null;
}

try {
  const found = problem();
  if (found) {
    console.error(found);
    process.exitCode = 1;
  } else console.log('migrations are current');
} finally {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(config, { force: true });
}
