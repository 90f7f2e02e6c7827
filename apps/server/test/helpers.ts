import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { PLATFORM_COMMUNITY } from '../src/kernel/auth/context';
import { hashPassword } from '../src/kernel/auth/passwords';
import { type Database, openDatabase } from '../src/kernel/db/database';
import { mailDropDir } from '../src/kernel/messaging/mailer';
import type { AppModule } from '../src/kernel/module';
import { createCommunity } from '../src/seed';
import { type Clone, cloneTemplate, seedsLikeTemplate, testConfig } from './db-templates';

export interface TestCommunity {
  name: string;
  token: string;
  tenantId: string;
  userId: string;
  email: string;
  password: string;
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** app.inject with a bearer token and community-name header when `as` is given. */
  request(options: InjectOptions & { as?: TestCommunity | string }): Promise<LightMyRequestResponse>;
  /** Signs up a new community with its owner. */
  signup(name?: string): Promise<TestCommunity>;
  close(): Promise<void>;
}

/**
 * The hook time for an app started with the demo seed: a copy of the seeded template, but the first
 * file of a run that asks builds that template (pictures, thumbnails, the shop: ~15 s on a quiet
 * machine, past 60 s on a loaded one) and the others wait for it.
 */
export const SEEDED_START_TIMEOUT = 180_000;

/**
 * Boots the real app on a database of its own: a copy of the run's migrated template (db-templates.ts)
 * — in-memory PGlite, or, when TEST_DATABASE_URL is set, a new database on that PostgreSQL server,
 * dropped on close. `seed: true` starts from the seeded template (the demo community) when the
 * overrides seed as it was seeded (TEMPLATE_SEED), else seeds the copy afresh.
 */
export interface TestAppOptions {
  seed?: boolean;
  /** Test-only modules (declared under test/) beside the product's. */
  extraModules?: AppModule[];
  /** Run on the fresh database before the app migrates it (a test module's tables). */
  prepare?: (db: Database) => Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const seeded = Boolean(options.seed) && seedsLikeTemplate(overrides);
  const clone = (await cloneTemplate(seeded ? 'seeded' : 'migrated', dataDir)) ?? (await newDatabase());
  const config = testConfig(dataDir, clone.databaseUrl, overrides);
  // The embedded clone is opened here (buildApp opens only empty in-memory databases), and so is a
  // database a test module prepares before the app migrates it; close() closes either.
  const db =
    clone.pgliteDir || options.prepare
      ? await openDatabase({ databaseUrl: clone.databaseUrl, dataDir, inMemory: !clone.databaseUrl && !clone.pgliteDir })
      : undefined;
  if (db && options.prepare) await options.prepare(db);
  const app = await buildApp(config, { db, seed: options.seed ?? false, logger: false, extraModules: options.extraModules });
  await app.ready();
  const request: TestApp['request'] = ({ as, headers, ...rest }) => {
    const auth: Record<string, string> = {};
    if (typeof as === 'string') auth.authorization = `Bearer ${as}`;
    else if (as) Object.assign(auth, as.headers);
    return app.inject({ ...rest, headers: { ...auth, ...(headers as Record<string, string>) } });
  };

  let counter = 0;
  return {
    app,
    config,
    request,
    async signup(name) {
      const community = name ?? `c${randomBytes(4).toString('hex')}${counter++}`;
      const email = `owner@${community}.example`;
      const password = 'correct-horse-battery';
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { community, name: `Owner of ${community}`, email, password },
        remoteAddress: `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return {
        name: community,
        token: body.token,
        tenantId: body.community.id,
        userId: body.user.id,
        email,
        password,
        headers: { authorization: `Bearer ${body.token}`, 'community-name': community },
      };
    },
    async close() {
      // Closing the app closes its database (the app's onClose hook).
      await app.close();
      await db?.close();
      await clone.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Without the run's templates: a new empty database (PostgreSQL) or none (buildApp opens in-memory PGlite). */
async function newDatabase(): Promise<Clone> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { drop: async () => {} };
  const name = `${new URL(server).pathname.slice(1) || 'atrium'}_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/**
 * For a test file (or describe) at collection time: the app on a fresh database with `communities`
 * signed up, closed after the tests. `const [t, a, b] = await appWith(2);`
 */
export async function appWith(communities: number, overrides: Partial<Config> = {}): Promise<[TestApp, ...TestCommunity[]]> {
  const t = await startTestApp(overrides);
  afterAll(() => t.close());
  const signed: TestCommunity[] = [];
  for (let i = 0; i < communities; i++) signed.push(await t.signup());
  return [t, ...signed];
}

export interface TestAdmin extends TestCommunity {
  roleId: string;
}

/** A new admin of `community` whose role holds only `permissions`, created by its owner and signed in. */
export async function signedInAdmin(t: TestApp, owner: TestCommunity, permissions: Record<string, string>): Promise<TestAdmin> {
  const tag = randomBytes(4).toString('hex');
  const role = await t.request({
    method: 'POST',
    url: '/api/v1/identity/roles',
    as: owner,
    payload: { name: `Role ${tag}`, permissions },
  });
  if (role.statusCode !== 201) throw new Error(`role: ${role.statusCode} ${role.body}`);
  // The platform community `-` is no domain name.
  const email = `admin-${tag}@${owner.name === PLATFORM_COMMUNITY ? 'platform' : owner.name}.example`;
  const password = 'test-admin-password';
  const admin = await t.request({
    method: 'POST',
    url: '/api/v1/identity/admins',
    as: owner,
    payload: { name: `Admin ${tag}`, email, password, roleId: role.json().data.id },
  });
  if (admin.statusCode !== 201) throw new Error(`admin: ${admin.statusCode} ${admin.body}`);
  const token = await signIn(t, email, password, owner.name);
  return {
    name: owner.name,
    tenantId: owner.tenantId,
    userId: admin.json().data.id,
    roleId: role.json().data.id,
    token,
    email,
    password,
    headers: { authorization: `Bearer ${token}`, 'community-name': owner.name },
  };
}

/** A login request (POST /api/v1/auth/login) from `ip`, a random address unless given: the answer, unchecked. */
export function logIn(t: TestApp, email: string, password: string, community: string, ip = randomIp()) {
  return t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password, community }, remoteAddress: ip });
}

/** Signs in and returns the token (fails the test if it does not work). */
export async function signIn(t: TestApp, email: string, password: string, community: string): Promise<string> {
  const res = await logIn(t, email, password, community);
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** Polls `probe` every 100 ms until it answers something other than undefined; fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A random client address, so per-IP rate limits do not couple unrelated tests. */
export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

export interface Part {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as an old browser client sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----AtriumBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The newest secret message (one-time code) to `to` in the development mail drop (DATA_DIR/mail-drop),
 * where the mailer puts the real message when there is no SMTP; the outbox holds only a redacted copy.
 */
export function droppedMail(t: TestApp, to: string): { id: string; subject: string; text: string } {
  const dir = mailDropDir(t.config.dataDir);
  const messages = readdirSync(dir)
    .map(
      (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { id: string; to: string; subject: string; text: string; createdAt: string },
    )
    .filter((m) => m.to === to)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const last = messages.at(-1);
  if (!last) throw new Error(`No message to ${to} in the mail drop`);
  return last;
}

/** A small but real PDF (file-type sniffs the %PDF header). */
export const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

/** Posts `parts` as multipart/form-data to `url`, as `as`, from a random address. */
export function upload(t: TestApp, url: string, parts: Part[], as?: TestCommunity) {
  const body = multipart(parts);
  return t.request({ method: 'POST', url, payload: body.payload, headers: body.headers, as, remoteAddress: randomIp() });
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Json = Record<string, any>;

/** Calls of `/api/v1/<path>` as `as`, or as the community a call names. */
export const apiOf =
  (t: TestApp, as: TestCommunity) =>
  (method: Method, path: string, payload?: unknown, who: TestCommunity = as) =>
    t.request({ method, url: `/api/v1/${path}`, payload: payload as Json, as: who });

/** An answer's `data`, once its status is checked. */
export function dataOf(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}

/** A refused answer's error, once its status and code are checked. */
export function refusal(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  return res.json().error as { code: string; message: string; fields?: Record<string, string> };
}

/**
 * The owner of the platform community `-` (platform operator), signed in: the community is created
 * as the seed creates it (tests start without the seed), once per app.
 */
export async function platformOwner(t: TestApp): Promise<TestCommunity> {
  const email = 'operator@platform.example';
  const password = 'platform-operator-password';
  let [row] = await t.app.db.query<{ id: string }>('select id from communities where name = $1', [PLATFORM_COMMUNITY]);
  if (!row) {
    const created = await createCommunity(t.app, PLATFORM_COMMUNITY, 'Atrium platform', email, await hashPassword(password));
    row = { id: created.tenantId };
  }
  const token = await signIn(t, email, password, PLATFORM_COMMUNITY);
  const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
  return {
    name: PLATFORM_COMMUNITY,
    token,
    tenantId: row.id,
    userId: me.json().data.id,
    email,
    password,
    headers: { authorization: `Bearer ${token}`, 'community-name': PLATFORM_COMMUNITY },
  };
}
