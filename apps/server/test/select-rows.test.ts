import { sql } from 'drizzle-orm';
import { integer, jsonb, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inTurn } from '../src/kernel/db/in-turn';
import { insertFromJson } from '../src/kernel/db/json-rows';
import { preparedStatement, rowMapper } from '../src/kernel/db/select-rows';

const things = pgTable('things', {
  name: text('name'),
  count: integer('count'),
  data: jsonb('data'),
  at: timestamp('at', { withTimezone: true }),
  local: timestamp('local'),
});

describe('compiled row mappers', () => {
  it('decode each column as drizzle does, nulls left null', () => {
    const map = rowMapper({ name: things.name, count: things.count, data: things.data, at: things.at, local: things.local });
    const row = map(['Oak', 3, { a: 1 }, '2026-11-24 06:49:10.969123+00', '2026-11-24 06:49:10.5']);
    expect(row).toEqual({
      name: 'Oak',
      count: 3,
      data: { a: 1 },
      at: new Date('2026-11-24T06:49:10.969Z'),
      local: new Date('2026-11-24T06:49:10.500Z'),
    });
    expect(map([null, null, null, null, null])).toEqual({ name: null, count: null, data: null, at: null, local: null });
    expect(Object.keys(row)).toEqual(['name', 'count', 'data', 'at', 'local']);
  });

  it('compile once per shape: a selection made per request with the same keys and columns reuses the mapper', () => {
    const perRequest = () => ({ name: things.name, at: things.at, __cursorValue: sql<number>`1`.as('__cursorValue') });
    expect(rowMapper(perRequest())).toBe(rowMapper(perRequest()));
    // Another column under the same key decodes by its own settings (time zone), so it gets its own mapper.
    const other = rowMapper({ name: things.name, at: things.local, __cursorValue: sql<number>`1`.as('__cursorValue') });
    expect(other).not.toBe(rowMapper(perRequest()));
    expect(other(['x', '2026-11-24 06:49:10', 1]).at).toEqual(new Date('2026-11-24T06:49:10.000Z'));
  });
});

describe('statements rendered once', () => {
  it('refuse a second prepared statement under a name (PostgreSQL keeps one text per name)', () => {
    preparedStatement('test:once', () => sql`select 1`);
    expect(() => preparedStatement('test:once', () => sql`select 2`)).toThrow(/Two prepared statements are named test:once/);
  });

  it('insertFromJson: one text whatever the rows, each key read as its column type, shared columns filled by SQL', () => {
    const query = insertFromJson(things, ['name', 'count', 'data', 'at'], sql.placeholder('rows'), { local: sql`now()` });
    const { sql: text, params } = new PgDialect().sqlToQuery(query);
    expect(text).toBe(
      'insert into "things" ("local", "name", "count", "data", "at")\n' +
        '    select now(), r."name", r."count", r."data", r."at" from jsonb_to_recordset($1::jsonb) as r("name" text, "count" integer, "data" jsonb, "at" timestamp with time zone)',
    );
    expect(params).toHaveLength(1);
  });
});

describe('inTurn (reads of one transaction)', () => {
  it('starts each read once the one before has finished, and gives the results in order', async () => {
    const log: string[] = [];
    const read = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
      return name.length;
    };
    const [a, b] = await inTurn(read('slow', 20), read('quick', 0));
    expect([a, b]).toEqual([4, 5]);
    expect(log).toEqual(['start slow', 'end slow', 'start quick', 'end quick']);
  });
});
