// Fails when the drizzle tables changed without a committed migration: runs drizzle-kit generate
// into a scratch copy and checks it produced nothing new.
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const server = new URL('../apps/server/', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
cpSync(join(server, 'drizzle'), scratch, { recursive: true });
const before = readdirSync(scratch).length;
try {
  execSync(
    `npx drizzle-kit generate --out ${scratch} --dialect postgresql --schema './src/kernel/*/tables.ts' --schema './src/modules/*/tables.ts' --schema './src/modules/*/tables/*.ts' --casing snake_case`,
    {
      cwd: server,
      stdio: 'pipe',
    },
  );
  const after = readdirSync(scratch).length;
  if (after !== before) {
    console.error('Tables changed without a migration: run `npm run db:generate -w @atrium/server` and commit drizzle/.');
    process.exit(1);
  }
  console.log('migrations are current');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
