/**
 * Seed once, clone per file. Migrating a new database (and seeding the demo community, ~15 s) in every
 * test file was most of a suite's time, so a run prepares each starting point once and every app a
 * test starts gets its own copy:
 *
 * - `migrated`: what a first start on an empty database leaves (migrations, row-level security,
 *   search indexes), built by vitest's global setup (the default export, vitest.config.ts).
 * - `seeded`: the same plus the demo community (seed.ts, with TEMPLATE_SEED's owner password), built
 *   by the first test file that asks for it, while the others that do wait for it.
 *
 * On PostgreSQL a starting point is a template database (CREATE DATABASE … TEMPLATE, a file copy); on
 * the embedded database it is a closed PGlite data directory on disk, copied into the clone's own data
 * directory (PGlite opens a copied directory in about a quarter of the CPU it spends unpacking a dump
 * of it into memory, and queries run as fast). Files the seed wrote (DATA_DIR/files: pictures,
 * thumbnails) and the generated secrets key that encrypted its credentials are copied into each
 * clone's data directory.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/kernel/db/database';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where this run's templates live (global setup); absent when a run has no global setup. */
    atriumTemplates?: { dir: string; server?: string; migrated: string };
  }
}

/** The configuration the seeded template is made with; a seeded start with other values seeds afresh. */
export const TEMPLATE_SEED: Partial<Config> = { adminPassword: 'demo-owner-password' };
/** The settings seeding depends on: overriding one of them to another value means a fresh seed. */
const SEED_INPUTS = ['adminEmail', 'adminPassword', 'seedCommunity', 's3'] as const;
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export type Template = 'migrated' | 'seeded';

/** A test app's own database, cloned from a template, and what closing the app leaves to do. */
export interface Clone {
  /** PostgreSQL: the clone's URL. */
  databaseUrl?: string;
  /** Embedded: the clone's PGlite data directory (a copy of the template's), inside the test app's data directory. */
  pgliteDir?: string;
  drop(): Promise<void>;
}

/** The config a test app or a template is started with. */
export function testConfig(dataDir: string, databaseUrl: string | undefined, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'off', DATA_DIR: dataDir },
    { jwtSecret: JWT_SECRET, inMemory: !databaseUrl, databaseUrl, ...overrides },
  );
}

/** Whether a seeded start with these overrides may begin from the seeded template. */
export function seedsLikeTemplate(overrides: Partial<Config>): boolean {
  const template = testConfig(tmpdir(), undefined, TEMPLATE_SEED);
  const wanted = testConfig(tmpdir(), undefined, { ...TEMPLATE_SEED, ...overrides });
  return SEED_INPUTS.every((key) => JSON.stringify(template[key]) === JSON.stringify(wanted[key]));
}

/**
 * A copy of `template` for one test app whose data directory is `dataDir` (the template's files are
 * copied there first). Undefined when the run has no templates (a run without the global setup):
 * the caller then migrates a new database as before.
 */
export async function cloneTemplate(template: Template, dataDir: string): Promise<Clone | undefined> {
  const run = inject('atriumTemplates');
  if (!run) return undefined;
  const source = template === 'migrated' ? run.migrated : await seededTemplate(run);
  const files = join(run.dir, `${template}-files`);
  if (existsSync(files)) cpSync(files, dataDir, { recursive: true });
  if (!run.server) {
    // openDatabase's embedded directory for a data directory is <dataDir>/pglite.
    const pgliteDir = join(dataDir, 'pglite');
    cpSync(source, pgliteDir, { recursive: true });
    return { pgliteDir, drop: async () => {} };
  }
  const name = `${source}_${randomBytes(4).toString('hex')}`;
  // FILE_COPY, not PostgreSQL 15's default WAL_LOG: on a WAL_LOG copy the first writes to a table ran
  // measurably slower, enough to fail the forgot-password timing test (security-privileges) 2 runs of 2.
  await adminQuery(run.server, `create database "${name}" template "${source}" strategy file_copy`);
  return {
    databaseUrl: databaseUrl(run.server, name),
    drop: () => adminQuery(run.server!, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * The seeded template: built once per run by the first file that asks (an exclusive lock directory),
 * waited for by the others. Its name or dump path is written to `seeded.ready`; a failure to build it
 * is written to `seeded.failed` and fails every file that needs it.
 */
async function seededTemplate(run: NonNullable<ReturnType<typeof inject<'atriumTemplates'>>>): Promise<string> {
  const ready = join(run.dir, 'seeded.ready');
  const failed = join(run.dir, 'seeded.failed');
  if (takeLock(join(run.dir, 'seeded.lock'))) {
    try {
      const made = await buildTemplate(run.dir, run.server, 'seeded', run.migrated);
      writeFileSync(ready, made);
    } catch (err) {
      writeFileSync(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
  }
  // The seed takes ~15 s on a quiet machine; SEEDED_START_TIMEOUT (helpers.ts) bounds the wait.
  for (;;) {
    if (existsSync(ready)) return readFileSync(ready, 'utf8');
    if (existsSync(failed)) throw new Error(`The seeded template could not be built:\n${readFileSync(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts the real app once on a new database (a copy of template `from` when given) and keeps what it
 * leaves: on PostgreSQL the database itself, closed so it can serve as a template (its name is
 * returned); on the embedded engine the closed PGlite data directory, `<dir>/<template>-pglite` (its
 * path is returned). The data directory's other files go to `<dir>/<template>-files`.
 */
async function buildTemplate(dir: string, server: string | undefined, template: Template, from?: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), `atrium-template-${template}-`));
  const pgliteDir = join(dataDir, 'pglite');
  let databaseUrlOf: string | undefined;
  let name = '';
  if (server) {
    name = `${databaseName(server)}_tpl_${template}_${randomBytes(3).toString('hex')}`;
    await adminQuery(server, from ? `create database "${name}" template "${from}"` : `create database "${name}"`);
    databaseUrlOf = databaseUrl(server, name);
  } else if (from) {
    cpSync(from, pgliteDir, { recursive: true });
  }
  const seed = template === 'seeded';
  const config = testConfig(dataDir, databaseUrlOf, seed ? TEMPLATE_SEED : {});
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, inMemory: false });
  const kept = join(dir, `${template}-pglite`);
  let built = false;
  try {
    const app = await buildApp(config, { db, seed, logger: false });
    await app.ready();
    await app.close();
    built = true;
  } finally {
    await db.close();
    // A closed data directory is what every clone copies.
    if (built && !server) renameSync(pgliteDir, kept);
    // The files the start wrote (the seed's pictures, the generated secrets key), for every clone.
    rmSync(pgliteDir, { recursive: true, force: true });
    cpSync(dataDir, join(dir, `${template}-files`), { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  return server ? name : kept;
}

/** Vitest's global setup: the run's directory and the migrated template; removed after the run. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-templates-'));
  const server = process.env.TEST_DATABASE_URL;
  const migrated = await buildTemplate(dir, server, 'migrated');
  project.provide('atriumTemplates', { dir, server, migrated });
  return async () => {
    if (server) {
      const seeded = join(dir, 'seeded.ready');
      for (const name of [migrated, ...(existsSync(seeded) ? [readFileSync(seeded, 'utf8')] : [])]) {
        await adminQuery(server, `drop database if exists "${name}" with (force)`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Creating a directory is atomic: true for the one caller that made it, false for the others. */
function takeLock(path: string): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function databaseName(server: string) {
  return new URL(server).pathname.slice(1) || 'atrium';
}

function databaseUrl(server: string, name: string) {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(server: string, text: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
