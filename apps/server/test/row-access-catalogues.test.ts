import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCsv, postImport, runImport } from './csv-helpers';
import { apiOf, dataOf, platformOwner, refusal, signedInAdmin, startTestApp, type TestAdmin, type TestCommunity } from './helpers';
import { testNotes, testPlans, withKitModule } from './kit-module';

/**
 * Row access and platform catalogues through the test-only kit module (test/kit-module.ts): its notes
 * are "own records" of each admin, its plans a platform catalogue. Every entry point is tried.
 */

const t = await startTestApp({}, withKitModule);
afterAll(() => t.close());

type Json = Record<string, any>;
let owner: TestCommunity; // owner of community a
let writer: TestAdmin; // an admin of a with kit-test:write
let operator: TestCommunity; // the platform community's owner

const NOTES = 'kit-test/notes';
const PLANS = 'kit-test/plans';
const compat = (as: TestCommunity, path: string, payload: Json) =>
  t.request({ method: 'POST', url: `/compat/content${path}`, as, payload });

beforeAll(async () => {
  owner = await t.signup();
  writer = await signedInAdmin(t, owner, { 'kit-test': 'write' });
  operator = await platformOwner(t);
});

describe('row access: own records', () => {
  let theirs: Json; // the owner's note, outside the writer's rule
  let mine: Json; // the writer's note

  beforeAll(async () => {
    theirs = dataOf(await apiOf(t, owner)('POST', NOTES, { title: 'Owner private' }), 201);
    mine = dataOf(await apiOf(t, writer)('POST', NOTES, { title: 'Writer own' }), 201);
    expect(theirs.createdBy).toBe(owner.userId);
    expect(mine.createdBy).toBe(writer.userId);
  });

  const ownerSees = async () => dataOf(await apiOf(t, owner)('GET', `${NOTES}/${theirs.id}`));

  it('lists, counts, reads and exports only the caller’s own records', async () => {
    const list = await apiOf(t, writer)('GET', `${NOTES}?limit=200`);
    expect(list.json().data.map((r: Json) => r.id)).toEqual([mine.id]);
    expect(list.json().total).toBe(1);
    const owners = await apiOf(t, owner)('GET', `${NOTES}?limit=200`);
    expect(owners.json().data.map((r: Json) => r.id)).toEqual([theirs.id]);
    refusal(await apiOf(t, writer)('GET', `${NOTES}/${theirs.id}`), 404, 'not_found');
    const { text } = await exportCsv(t, writer, NOTES);
    expect(text).toContain(mine.id);
    expect(text).not.toContain(theirs.id);
  });

  it("is reached by other code only through the module's port, which the app made at start", async () => {
    const port = t.app.ports.get('kitNotes');
    expect(t.app.ports.providerOf('kitNotes')).toBe('kit-test');
    expect(await port.countOf(owner.tenantId, writer.userId)).toBe(1);
    expect(await port.countOf(owner.tenantId, owner.userId)).toBe(1);
    // Another community's tenant sees none of them, whatever the user.
    const other = await t.signup();
    expect(await port.countOf(other.tenantId, writer.userId)).toBe(0);
  });

  it('answers 404 to every write of a record outside the rule, and keeps it', async () => {
    const before = await ownerSees();
    const api = apiOf(t, writer);
    refusal(await api('PATCH', `${NOTES}/${theirs.id}`, { title: 'Taken' }), 404, 'not_found');
    refusal(await api('DELETE', `${NOTES}/${theirs.id}`), 404, 'not_found');
    expect((await api('POST', `${NOTES}/bulk-delete`, { ids: [theirs.id] })).json()).toEqual({ deleted: 0, ids: [] });
    refusal(await api('PATCH', NOTES, { ids: [theirs.id], patch: { done: true } }), 404, 'not_found');
    // A bulk edit by filter reaches the caller's own records only.
    const byFilter = await api('PATCH', NOTES, { filter: {}, patch: { done: true } });
    expect(byFilter.json(), byFilter.body).toEqual({ updated: 1, ids: [mine.id] });
    refusal(await api('GET', `${NOTES}/${theirs.id}/revisions`), 404, 'not_found');
    const history = dataOf(await apiOf(t, owner)('GET', `${NOTES}/${theirs.id}/revisions`));
    refusal(await api('POST', `${NOTES}/${theirs.id}/revisions/${history[0].id}/restore`), 404, 'not_found');
    expect(await ownerSees()).toEqual(before);
  });

  it('holds through the compat lines', async () => {
    refusal(await compat(writer, '/portfolio/testimonial/get', { id: theirs.id }), 404, 'not_found');
    const listed = await compat(writer, '/portfolio/testimonial/get', { limit: 100 });
    expect(listed.json().data.map((r: Json) => r.id)).toEqual([mine.id]);
    refusal(await compat(writer, '/portfolio/testimonial/update', { id: theirs.id, title: 'Taken' }), 404, 'not_found');
    refusal(await compat(writer, '/portfolio/testimonial/delete', { id: theirs.id }), 404, 'not_found');
    expect((await ownerSees()).title).toBe('Owner private');
  });

  it('holds through an import: an id outside the rule is not found, so its row is refused', async () => {
    const job = await runImport(t, writer, NOTES, `ID,Title\n${theirs.id},Taken by import\n${mine.id},Renamed by import\n`, { key: 'id' });
    expect(job).toMatchObject({ status: 'done', updated: 1, failed: 1 });
    expect(JSON.stringify(job.errors)).toContain('No note with this ID');
    expect((await ownerSees()).title).toBe('Owner private');
    expect(dataOf(await apiOf(t, writer)('GET', `${NOTES}/${mine.id}`)).title).toBe('Renamed by import');
  });

  it('hides related records outside the rule from expand, and refuses to point at them', async () => {
    const api = apiOf(t, writer);
    refusal(await api('PATCH', `${NOTES}/${mine.id}`, { linkedNoteIds: [theirs.id] }), 400, 'validation_failed');
    const other = dataOf(await api('POST', NOTES, { title: 'Writer second' }), 201);
    // Stored by hand (as a shared link would be): the writer's note points at the owner's and at their own.
    await t.app.db.owner.execute(
      sql`update ${testNotes} set linked_note_ids = array[${theirs.id}, ${other.id}]::uuid[] where id = ${mine.id}`,
    );
    const read = dataOf(await api('GET', `${NOTES}/${mine.id}?expand=linkedNotes`));
    expect(read.expanded.linkedNotes).toEqual([{ id: other.id, title: 'Writer second' }]);
    const list = (await api('GET', `${NOTES}?expand=linkedNotes&limit=200`)).json().data.find((r: Json) => r.id === mine.id);
    expect(list.expanded.linkedNotes).toEqual([{ id: other.id, title: 'Writer second' }]);
  });

  it('says so in meta', async () => {
    const meta = (await t.request({ method: 'GET', url: '/api/v1/meta/resources', as: writer })).json().data as Json[];
    expect(meta.find((m) => m.path === NOTES)).toMatchObject({ rowRules: true, platform: false });
  });
});

describe('platform catalogue', () => {
  const planInput = () => ({ code: `p${randomUUID().slice(0, 8)}`, name: 'Scale', priceMinor: 499_900 });

  it('is seeded with its examples on the first start', async () => {
    const codes = (await apiOf(t, owner)('GET', `${PLANS}?limit=200`)).json().data.map((r: Json) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['starter', 'growth']));
  });

  it('is created, changed, listed and deleted by a platform operator, and read by every community', async () => {
    const api = apiOf(t, operator);
    const plan = dataOf(await api('POST', PLANS, planInput()), 201);
    const changed = dataOf(await api('PATCH', `${PLANS}/${plan.id}`, { name: 'Scale up' }));
    expect(changed.name).toBe('Scale up');
    // Any signed-in admin of any community reads it, whatever their role holds.
    const nobody = await signedInAdmin(t, owner, {});
    const other = await t.signup();
    for (const reader of [owner, nobody, other]) {
      expect(dataOf(await apiOf(t, reader)('GET', `${PLANS}/${plan.id}`)).name).toBe('Scale up');
      expect((await apiOf(t, reader)('GET', `${PLANS}?limit=200`)).json().data.map((r: Json) => r.id)).toContain(plan.id);
    }
    const history = dataOf(await api('GET', `${PLANS}/${plan.id}/revisions`));
    expect(history.map((r: Json) => r.action)).toEqual(['update', 'create']);
    const restored = dataOf(await api('POST', `${PLANS}/${plan.id}/revisions/${history[1].id}/restore`));
    expect(restored.name).toBe('Scale');
    const compatEdit = await compat(operator, '/extensions/edit', { id: plan.id, name: 'Scale (compat)' });
    expect(compatEdit.statusCode, compatEdit.body).toBe(200);
    expect((await api('DELETE', `${PLANS}/${plan.id}`)).statusCode).toBe(204);
    refusal(await apiOf(t, owner)('GET', `${PLANS}/${plan.id}`), 404, 'not_found');
  });

  it('is refused to a platform admin without the permission', async () => {
    const reader = await signedInAdmin(t, operator, { 'kit-test': 'read' });
    refusal(await apiOf(t, reader)('POST', PLANS, planInput()), 403, 'forbidden');
  });

  it('cannot be written by a community, its owner included, by any path', async () => {
    const plan = dataOf(await apiOf(t, operator)('POST', PLANS, planInput()), 201);
    const operatorHistory = dataOf(await apiOf(t, operator)('GET', `${PLANS}/${plan.id}/revisions`));
    const api = apiOf(t, owner);
    refusal(await api('POST', PLANS, planInput()), 403, 'forbidden');
    refusal(await api('PATCH', `${PLANS}/${plan.id}`, { name: 'Mine' }), 403, 'forbidden');
    refusal(await api('DELETE', `${PLANS}/${plan.id}`), 403, 'forbidden');
    refusal(await api('POST', `${PLANS}/bulk-delete`, { ids: [plan.id] }), 403, 'forbidden');
    refusal(await api('PATCH', PLANS, { ids: [plan.id], patch: { active: false } }), 403, 'forbidden');
    refusal(await postImport(t, owner, PLANS, `ID,Name\n${plan.id},Mine\n`, { mode: 'run', key: 'id' }), 403, 'forbidden');
    refusal(await compat(owner, '/extensions/add', planInput()), 403, 'forbidden');
    refusal(await compat(owner, '/extensions/edit', { id: plan.id, name: 'Mine' }), 403, 'forbidden');
    refusal(await compat(owner, '/extensions/delete', { id: plan.id }), 403, 'forbidden');
    // The history is the operators': a community finds no revision to restore.
    refusal(await api('POST', `${PLANS}/${plan.id}/revisions/${operatorHistory[0].id}/restore`), 404, 'not_found');
    expect(dataOf(await api('GET', `${PLANS}/${plan.id}`))).toEqual(plan);
  });

  it('refuses the app role any write at the database (row-level security grants it reads only)', async () => {
    const refusedBy = async (write: Promise<unknown>) => {
      const err = (await write.then(
        () => null,
        (e: { cause?: Error; message: string }) => e,
      )) as { cause?: Error; message: string } | null;
      return (err?.cause ?? err)?.message;
    };
    expect(
      await refusedBy(t.app.db.withTenant(owner.tenantId, (tx) => tx.insert(testPlans).values({ code: 'sneaky', name: 'Sneaky' }))),
    ).toMatch(/permission denied/);
    expect(await refusedBy(t.app.db.withTenant(owner.tenantId, (tx) => tx.update(testPlans).set({ name: 'x' })))).toMatch(
      /permission denied/,
    );
    expect(await refusedBy(t.app.db.withTenant(owner.tenantId, (tx) => tx.delete(testPlans)))).toMatch(/permission denied/);
  });

  it('is listed and read without signing in where declared public', async () => {
    const list = await t.request({ method: 'GET', url: `/public/platform/${PLANS}?limit=200` });
    expect(list.statusCode, list.body).toBe(200);
    const starter = list.json().data.find((r: Json) => r.code === 'starter');
    expect(starter?.name).toBe('Starter');
    const one = await t.request({ method: 'GET', url: `/public/platform/${PLANS}/${starter.id}` });
    expect(one.json().data).toEqual(starter);
    expect((await t.request({ method: 'GET', url: `/public/platform/${PLANS}/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/public/platform/${PLANS}`, payload: planInput() })).statusCode).toBe(404);
  });

  it('says so in meta, writable only for the operator', async () => {
    const metaOf = async (as: TestCommunity) =>
      ((await t.request({ method: 'GET', url: '/api/v1/meta/resources', as })).json().data as Json[]).find((m) => m.path === PLANS);
    expect(await metaOf(owner)).toMatchObject({ platform: true, rowRules: false, permissions: { read: true, write: false } });
    expect(await metaOf(operator)).toMatchObject({ platform: true, permissions: { read: true, write: true } });
  });
});
