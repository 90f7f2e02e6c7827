import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scopeOf } from '../src/kernel/auth/context';
import type { ListQuery } from '../src/kernel/resources/list-query';
import { listResponse } from '../src/kernel/resources/routes';
import { compileSerializer } from '../src/kernel/resources/serializer';
import { startTestApp, type TestApp } from './helpers';
import { insertDirect } from './resource-fixtures';

/**
 * The resource routes answer through fast-json-stringify compiled from their response schemas: for
 * every resource, its records (made from its examples, and the same with every nullable field null)
 * are written exactly as JSON.stringify writes them, nothing dropped, nothing coerced.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const same = (serialize: (data: unknown) => string, data: unknown) => expect(serialize(data)).toEqual(JSON.stringify(data));

/** Whether zod declares the field nullable (a coerced date accepts null too, by making it 1970). */
const nullable = (schema: unknown): boolean =>
  schema instanceof z.ZodNullable || (schema instanceof z.ZodOptional && nullable(schema.unwrap()));

describe('response serialisation', () => {
  it('writes every resource list and record as JSON.stringify does', async () => {
    const community = await t.signup();
    const scope = scopeOf(t.app.db, { tenantId: community.tenantId, userId: community.userId, userName: 'Owner', isOwner: true } as never);
    let records = 0;
    for (const resource of t.app.resources.all()) {
      // A platform catalogue holds its examples from the first start (only platform operators write it).
      if (!resource.platform) await insertDirect(t.app, resource, community.tenantId);
      const output = resource.schemas.output as z.ZodObject;
      const list = await resource.list(scope, { limit: 200, offset: 0, withTotal: 'true' } as ListQuery);
      expect(list.data.length, resource.path).toBeGreaterThan(0);
      same(compileSerializer(listResponse(output)), list);
      const one = compileSerializer(z.object({ data: output }));
      for (const row of list.data) {
        same(one, { data: row });
        // Every field that may be null, null.
        const nulls = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, nullable(output.shape[k]) ? null : v]));
        same(one, { data: nulls });
        records++;
      }
    }
    expect(records).toBeGreaterThanOrEqual(t.app.resources.all().length);
  });

  it('answers the HTTP routes with it, keeping fields beyond the schema and escaping text', async () => {
    const related = z.object({ id: z.string(), title: z.string() });
    const serialize = compileSerializer(
      z.object({
        data: z.object({
          id: z.string(),
          at: z.date(),
          n: z.number().int().nullable(),
          one: related.nullable().optional(),
          many: z.array(related),
        }),
      }),
    );
    const data = {
      id: 'a"b\\c\u0001\ud83d\ude00',
      at: new Date('2026-01-02T03:04:05.678Z'),
      n: 1.5,
      one: { id: '1', title: 'One', more: true },
      many: [{ id: '2', title: 'Two' }],
      extra: { deep: [1, 'x'] },
    };
    same(serialize, { data });
    same(serialize, { data: { ...data, one: null, n: null } });
    same(serialize, { data: { ...data, one: undefined } });
    expect(serialize({ data })).toContain('"at":"2026-01-02T03:04:05.678Z"');

    const owner = await t.signup();
    const created = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: owner, payload: { name: 'Editor "quoted"' } });
    expect(created.statusCode).toBe(201);
    const listed = await t.request({ method: 'GET', url: '/api/v1/identity/roles', as: owner });
    expect(listed.json().data.map((r: { name: string }) => r.name)).toContain('Editor "quoted"');
    expect(listed.json().data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
