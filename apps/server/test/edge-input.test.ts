import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appWith, multipart, randomIp } from './helpers';

const [t, c] = await appWith(1);

/** Issue 9, findings 7 and 10: bounded input at the edge, cursors by column type, refused uploads leave nothing. */
describe('input limits at the edge', () => {
  const compat = (path: string, body: object) =>
    t.request({ method: 'POST', url: `/compat${path}`, payload: body, as: c, remoteAddress: randomIp() });
  const expect400 = (res: Awaited<ReturnType<typeof compat>>) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.body.length).toBeLessThan(1000);
  };
  const fileCount = async () =>
    (await t.app.db.query<{ n: number }>('select count(*)::int as n from files where tenant_id = $1', [c.tenantId]))[0].n;

  it('a compat filter with a huge value list is a 400, not a stack overflow', async () => {
    expect400(await compat('/site/blog/get', { status: 'draft,'.repeat(150_000) }));
  });

  it('a compat filter with more values than the database takes parameters is a 400', async () => {
    expect400(await compat('/site/blog/get', { featured: 'true,'.repeat(70_000) }));
    // Within the caps the filter works.
    expect((await compat('/site/blog/get', { status: 'draft,published' })).statusCode).toBe(200);
  });

  it('v1 list filters are capped the same way (repeated values)', async () => {
    const many = Array.from({ length: 101 }, () => 'status=draft').join('&');
    const res = await t.request({ method: 'GET', url: `/api/v1/site/blogs?${many}`, as: c });
    expect(res.statusCode).toBe(400);
  });

  it('a cursor is decoded against the sort column type', async () => {
    // A cursor holds the value of each sort column, then the id; projects' sortOrder is an ordering
    // over sortOrder and completedOn.
    const cursor = (...values: unknown[]) => Buffer.from(JSON.stringify([...values, randomUUID()])).toString('base64url');
    for (const [sort, values] of [
      ['completedOn', [true]],
      ['completedOn', [12]],
      ['sortOrder', ['abc', null]],
      ['sortOrder', [true, null]],
      ['sortOrder', [3, 12]],
      ['sortOrder', [3]],
      ['title', [5]],
      ['createdAt', [false]],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/v1/site/projects?sort=${sort}&cursor=${cursor(...values)}`, as: c });
      expect(res.statusCode, `${sort} ${JSON.stringify(values)}: ${res.body}`).toBe(400);
      expect(res.json().error.fields).toEqual({ cursor: 'Invalid cursor' });
    }
    for (const values of [
      [3, null],
      [3, '2025-06-30'],
    ]) {
      const good = await t.request({ method: 'GET', url: `/api/v1/site/projects?sort=sortOrder&cursor=${cursor(...values)}`, as: c });
      expect(good.statusCode, good.body).toBe(200);
    }
    const single = await t.request({ method: 'GET', url: `/api/v1/site/projects?sort=title&cursor=${cursor('Villa')}`, as: c });
    expect(single.statusCode, single.body).toBe(200);
  });

  it('a compat upload its line refuses (a logo that is not an image) leaves no file', async () => {
    const before = await fileCount();
    const body = multipart([{ field: 'file', filename: 'notes.txt', type: 'text/plain', data: 'plain text notes' }]);
    const res = await t.request({
      method: 'POST',
      url: '/compat/core/client/upload-logo',
      payload: body.payload,
      headers: body.headers,
      as: c,
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  it('an upload with one refused file keeps none of the others (v1 and compat)', async () => {
    const before = await fileCount();
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0]);
    for (const url of ['/api/v1/media/files', '/compat/core/utilities/upload-files']) {
      const body = multipart([
        { field: 'files', filename: 'notes.txt', type: 'text/plain', data: 'fine text' },
        { field: 'files', filename: 'tool.exe', type: 'application/octet-stream', data: exe },
      ]);
      const res = await t.request({ method: 'POST', url, payload: body.payload, headers: body.headers, as: c });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(415);
      expect(await fileCount()).toBe(before);
    }
  });
});
