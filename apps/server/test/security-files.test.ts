import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { moduleCatalogue } from '../src/kernel/access';
import type { Resource } from '../src/kernel/resources/resource';
import type { FileField } from '../src/kernel/storage/file-links';
import { logIn, multipart, pdf, randomIp, startTestApp, type TestCommunity } from './helpers';
import { exampleInput, insertDirect, tag, urlOf } from './resource-fixtures';

/**
 * Files carry access, over every file field of every registered resource: a private file held by a
 * record is readable by whoever may read that record (its resource's permission module), by nobody
 * else of the community (not even the media library's readers), never by another community and
 * never at the public URL; nobody attaches a file they cannot read to a record of their own.
 * A resource added later with a file field is covered without writing a test here.
 */

const t = await startTestApp();
const resources: Resource[] = t.app.resources.all();
const cases = resources.flatMap((resource) => resource.fileFields.map((field) => ({ resource, field })));

let owner: TestCommunity;
let stranger: TestCommunity;
beforeAll(async () => {
  owner = await t.signup();
  stranger = await t.signup();
});
afterAll(() => t.close());

/** An admin of the owner's community whose role holds only `permissions`, signed in (one per set). */
const admins = new Map<string, Promise<TestCommunity>>();
function adminWith(permissions: Record<string, string>): Promise<TestCommunity> {
  const key = JSON.stringify(Object.entries(permissions).sort());
  if (!admins.has(key)) admins.set(key, makeAdmin(permissions));
  return admins.get(key)!;
}
async function makeAdmin(permissions: Record<string, string>): Promise<TestCommunity> {
  const role = await t.request({
    method: 'POST',
    url: '/api/v1/identity/roles',
    as: owner,
    payload: { name: `Role ${tag()}`, permissions },
  });
  expect(role.statusCode, role.body).toBe(201);
  const email = `${tag()}@${owner.name}.example`;
  const password = 'files-suite-password';
  const admin = await t.request({
    method: 'POST',
    url: '/api/v1/identity/admins',
    as: owner,
    payload: { name: 'Files suite admin', email, password, roleId: role.json().data.id },
  });
  expect(admin.statusCode, admin.body).toBe(201);
  const login = await logIn(t, email, password, owner.name);
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json().token as string;
  return { ...owner, token, email, password, headers: { authorization: `Bearer ${token}`, 'community-name': owner.name } };
}

/** Read on every module but `module` (the media library included: it does not open held files). */
const everyOtherModule = (module: string) =>
  Object.fromEntries(
    moduleCatalogue()
      .permissionModules.filter((m) => m.key !== module)
      .map((m) => [m.key, 'read']),
  );

/** A private file uploaded through the media library by `as`. */
async function privateFile(as: TestCommunity) {
  const body = multipart([{ field: 'file', filename: `private-${tag()}.pdf`, type: 'application/pdf', data: pdf(tag()) }]);
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/media/files?visibility=private',
    as,
    payload: body.payload,
    headers: body.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  const file = res.json().data[0] as { id: string; url: string; isPublic: boolean };
  expect(file.isPublic).toBe(false);
  expect(file.url).toBe(`/api/v1/media/files/${file.id}/content`);
  return file;
}

/** The field's value pointing at the file, in whatever shape the field takes (URL, image, gallery, id). */
function valueFor(resource: Resource, field: FileField, file: { id: string; url: string }): unknown {
  const shape = (resource.allows('create') ? resource.schemas.create : resource.schemas.update).shape as Record<string, z.ZodType>;
  const schema = shape[field.name];
  expect(Object.keys(shape), `${resource.path}.${field.name} is writable`).toContain(field.name);
  const candidates = field.ids ? [file.id, [file.id]] : [file.url, { url: file.url, alt: 'File' }, [{ url: file.url, alt: 'File' }]];
  const value = candidates.find((c) => schema.safeParse(c).success);
  expect(candidates, `${resource.path}.${field.name} takes a file URL or id`).toContainEqual(value);
  return value;
}

/**
 * A record of `resource` holding `value` in `field`, written through the API by `as`: a new record,
 * or (one record per community, or records the system creates) the existing one updated.
 */
async function recordHolding(resource: Resource, field: FileField, value: unknown, as: TestCommunity) {
  if (resource.allows('create')) {
    const created = await t.request({
      method: 'POST',
      url: urlOf(resource),
      as,
      payload: { ...exampleInput(resource), [field.name]: value },
    });
    if (created.statusCode !== 409) return created;
  }
  expect(resource.allows('update'), `${resource.path} has a file field but no way to set it`).toBe(true);
  const [existing] = (await t.request({ method: 'GET', url: `${urlOf(resource)}?limit=1`, as: owner })).json().data as { id: string }[];
  const id = existing?.id ?? (await insertDirect(t.app, resource, owner.tenantId));
  return t.request({ method: 'PATCH', url: urlOf(resource, id), as, payload: { [field.name]: value } });
}

const content = (id: string, as?: TestCommunity) => t.request({ method: 'GET', url: `/api/v1/media/files/${id}/content`, as });

describe('files carry access: every file field of every resource', () => {
  it('covers the declared file fields (careers CVs among them)', () => {
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.some((c) => c.resource.path === 'site/career-applications' && c.field.name === 'cvUrl' && c.field.private)).toBe(true);
  });

  it.each(cases.map((c) => [`${c.resource.path}.${c.field.name}`, c] as const))(
    '%s: a held private file reaches only readers of its record',
    async (_name, { resource, field }) => {
      const file = await privateFile(owner);
      const res = await recordHolding(resource, field, valueFor(resource, field, file), owner);
      expect([200, 201], `${resource.path} write: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
      const recordId = res.json().data.id as string;

      const reader = await adminWith({ [resource.module]: 'read' });
      const allowed = await content(file.id, reader);
      expect(allowed.statusCode, `${resource.module}:read reads the file`).toBe(200);
      expect(allowed.headers['cache-control']).toContain('private');

      const outsider = await adminWith(everyOtherModule(resource.module));
      expect([403, 404], `every module but ${resource.module}`).toContain((await content(file.id, outsider)).statusCode);
      expect((await content(file.id, stranger)).statusCode, 'another community').toBe(404);
      expect((await content(file.id)).statusCode, 'no session').toBe(401);
      expect((await t.request({ method: 'GET', url: `/public/${owner.name}/files/${file.id}` })).statusCode, 'public URL').toBe(404);
      expect((await content(file.id, owner)).statusCode, 'the owner').toBe(200);

      // Deleted, the record holds nothing: its readers lose the file with it.
      if (resource.allows('delete')) {
        expect((await t.request({ method: 'DELETE', url: urlOf(resource, recordId), as: owner })).statusCode).toBe(204);
        expect([403, 404]).toContain((await content(file.id, reader)).statusCode);
      }
    },
  );

  it('refuses to attach a file one cannot read to a record of one’s own, for every pair of modules', async () => {
    // Every file field as the thief's, with a file held by a record of another module.
    const pairs = cases.flatMap((thief) => {
      const holder = cases.find((c) => c.resource.module !== thief.resource.module);
      return holder ? [{ holder, thief }] : [];
    });
    expect(pairs.length, 'file fields in at least two modules').toBeGreaterThan(0);
    for (const { holder, thief } of pairs) {
      const file = await privateFile(owner);
      const held = await recordHolding(holder.resource, holder.field, valueFor(holder.resource, holder.field, file), owner);
      expect([200, 201], held.body).toContain(held.statusCode);
      const writer = await adminWith({ [thief.resource.module]: 'write' });
      const attempt = await recordHolding(thief.resource, thief.field, valueFor(thief.resource, thief.field, file), writer);
      expect(attempt.statusCode, `${thief.resource.path}.${thief.field.name} ← ${holder.resource.path}: ${attempt.body}`).toBe(400);
      expect(attempt.json().error.fields).toHaveProperty(thief.field.name);
      expect([403, 404]).toContain((await content(file.id, writer)).statusCode);
    }
  });

  it('lets a private upload no record holds yet reach its uploader and the media library, nobody else', async () => {
    const uploader = await adminWith({ media: 'write' });
    const file = await privateFile(uploader);
    expect((await content(file.id, uploader)).statusCode).toBe(200);
    expect((await content(file.id, await adminWith({ media: 'read' }))).statusCode).toBe(200);
    expect([403, 404]).toContain((await content(file.id, await adminWith(everyOtherModule('media')))).statusCode);
  });
});

describe('issue 9 finding 6: a careers CV is private', () => {
  it('reaches site readers and the owner, not a signed-in admin of another module, not the public URL', async () => {
    const cv = pdf('curriculum vitae of Asha');
    const body = multipart([
      { field: 'name', data: 'Asha' },
      { field: 'email', data: 'asha@example.com' },
      { field: 'position', data: 'Site engineer' },
      { field: 'cv', filename: 'asha-cv.pdf', type: 'application/pdf', data: cv },
    ]);
    const sent = await t.request({
      method: 'POST',
      url: `/public/${owner.name}/site/careers`,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: randomIp(),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const list = await t.request({ method: 'GET', url: '/api/v1/site/career-applications?q=Asha', as: owner });
    const [application] = list.json().data;
    expect(application.cvUrl).toBe(`/api/v1/media/files/${application.cvFileId}/content`);

    const marketing = await adminWith({ 'contact-us': 'write', media: 'read', notifications: 'read' });
    const refused = await t.request({ method: 'GET', url: application.cvUrl, as: marketing });
    expect([403, 404]).toContain(refused.statusCode);
    expect(refused.rawPayload.includes(Buffer.from('Asha'))).toBe(false);
    const siteReader = await adminWith({ site: 'read' });
    const read = await t.request({ method: 'GET', url: application.cvUrl, as: siteReader });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(cv)).toBe(true);
    expect((await t.request({ method: 'GET', url: application.cvUrl, as: owner })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/public/${owner.name}/files/${application.cvFileId}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: application.cvUrl, as: stranger })).statusCode).toBe(404);
  });
});
