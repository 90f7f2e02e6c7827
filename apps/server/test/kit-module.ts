import { and, count, eq } from 'drizzle-orm';
import { boolean, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { compatTable, crudLines } from '../src/kernel/compat';
import type { Database } from '../src/kernel/db/database';
import type { RelatedTable } from '../src/kernel/db/relations';
import type { AppModule } from '../src/kernel/module';
import { defineModule, defineResource, platformTable, refs, tenantFilter, tenantTable } from '../src/kernel/resources';
import { relayDeclarations } from './relay-module';

/**
 * The one module that exists only for the tests (registered by them through buildApp's extraModules;
 * no kernel file names it): it provides a service and requires two other modules' (contacts,
 * payments), declares a platform catalogue and a resource with an "own records" row rule, and — from
 * relay-module.ts — emits an event, subscribes to another module's, runs a durable workflow and has a
 * scheduled job. The conformance and security suites, the lifecycle tests and the kill test all run
 * with it, so each mechanism is exercised as an area would use it.
 * Its tables are not in the product's schema (no migration): kitModuleSetup creates them from these
 * declarations before the migrator runs, which then applies row-level security and grants to them
 * like to any table.
 */

/** A platform catalogue: plans every community reads, changed by platform operators. */
export const testPlans = platformTable(
  'test_plans',
  {
    code: text('code').notNull(),
    name: text('name').notNull(),
    priceMinor: integer('price_minor').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('test_plans_code_idx').on(t.code), index('test_plans_name_idx').on(t.name, t.id)],
);

/** Notes each admin keeps for themselves ("own records"), which may point at other notes. */
export const testNotes = tenantTable(
  'test_notes',
  {
    title: text('title').notNull(),
    createdBy: uuid('created_by'),
    done: boolean('done').notNull().default(false),
    linkedNoteIds: refs('linked_note_ids', (): RelatedTable => testNotes, 'set null'),
  },
  (t) => [
    index('test_notes_created_by_idx').on(t.tenantId, t.createdBy),
    index('test_notes_title_idx').on(t.tenantId, t.title, t.id),
    index('test_notes_done_idx').on(t.tenantId, t.done),
  ],
);

export const testPlansResource = defineResource({
  path: 'kit-test/plans',
  module: 'kit-test',
  table: testPlans,
  label: { singular: 'Plan', plural: 'Plans' },
  public: true,
  input: { code: (s) => s.trim().min(1).max(40), name: (s) => s.trim().min(1).max(120), priceMinor: (s) => s.min(0) },
  list: { search: ['name', 'code'], filters: ['active'], sort: ['name'] },
  ui: { title: 'name', columns: ['code', 'name', 'priceMinor', 'active'] },
  examples: [
    { code: 'starter', name: 'Starter', priceMinor: 0 },
    { code: 'growth', name: 'Growth', priceMinor: 149_900 },
  ],
});

export const testNotesResource = defineResource({
  path: 'kit-test/notes',
  module: 'kit-test',
  table: testNotes,
  label: { singular: 'Note', plural: 'Notes' },
  readOnly: ['createdBy'],
  input: { title: (s) => s.trim().min(1).max(200) },
  list: { search: ['title'], filters: ['done', 'createdBy'], sort: ['title'] },
  ui: { title: 'title', columns: ['title', 'done'] },
  // "Own records": an admin reads and changes only the notes they made, the owner included.
  access: {
    read: (caller) => (caller.userId ? eq(testNotes.createdBy, caller.userId) : false),
    write: (caller) => (caller.userId ? eq(testNotes.createdBy, caller.userId) : false),
  },
  hooks: {
    beforeWrite: (ctx, data) => (ctx.op === 'create' ? { ...data, createdBy: ctx.scope.actor.id } : data),
  },
  examples: [{ title: 'Call the supplier back', done: false }],
});

/** The service this module offers others (a port): how many notes an admin keeps, open or done. */
export interface KitNotesPort {
  countOf(tenantId: string, userId: string): Promise<number>;
}

declare module '../src/kernel/ports' {
  interface Ports {
    kitNotes: KitNotesPort;
  }
}

const kitNotesPort = (app: FastifyInstance): KitNotesPort => ({
  async countOf(tenantId, userId) {
    return app.db.readAsTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(testNotes)
        .where(and(tenantFilter(testNotes, tenantId), eq(testNotes.createdBy, userId)));
      return row.n;
    });
  },
});

export const kitTestModule: AppModule = defineModule({
  key: 'kit-test',
  label: 'Kit test',
  area: 'settings',
  provides: { kitNotes: kitNotesPort },
  // Other modules' services it cannot work without (marketing's contacts, the payments service).
  requires: ['contacts', 'payments'],
  permissionModules: [{ key: 'kit-test', label: 'Kit test' }],
  resources: [testPlansResource, testNotesResource],
  // Contract lines no product module serves: the platform catalogue as `extensions`, the notes as testimonials.
  compat: compatTable([
    crudLines('content', testPlansResource, {
      get: '/extensions/get',
      add: '/extensions/add',
      update: '/extensions/edit',
      delete: '/extensions/delete',
    }),
    crudLines('content', testNotesResource, {
      get: '/portfolio/testimonial/get',
      add: '/portfolio/testimonial/create',
      update: '/portfolio/testimonial/update',
      delete: '/portfolio/testimonial/delete',
    }),
  ]),
  ...relayDeclarations,
});

/** Creates the module's tables (from the declarations above, by drizzle-kit) on a fresh database, before the migrator runs. */
export async function kitModuleSetup(db: Database): Promise<void> {
  // A server started again on its database (the kill test's) finds them made.
  const [made] = await db.query<{ made: boolean }>("select to_regclass('public.test_plans') is not null as made");
  if (made?.made) return;
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  hidePrototypeAdditions();
  const statements = await generateMigration(
    generateDrizzleJson({}),
    generateDrizzleJson({ testPlans, testNotes }, undefined, undefined, 'snake_case'),
  );
  for (const statement of statements) await db.query(statement);
}

/**
 * drizzle-kit/api adds methods to String.prototype and Array.prototype when it is imported (e.g.
 * `Array.prototype.random`). A worker's test files share its modules (vitest.config.ts), and pdf.js
 * refuses to run beside an enumerable Array.prototype property, so they are made non-enumerable.
 */
function hidePrototypeAdditions(): void {
  for (const proto of [String.prototype, Array.prototype]) {
    for (const key of Object.keys(proto)) Object.defineProperty(proto, key, { enumerable: false });
  }
}

/** startTestApp's options for an app with this module: `startTestApp({}, withKitModule)`. */
export const withKitModule = { extraModules: [kitTestModule], prepare: kitModuleSetup };
