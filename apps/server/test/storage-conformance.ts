import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { multipart, startTestApp, type TestApp, type TestCommunity } from './helpers';

export interface UploadPart {
  field?: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export const png = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 4, background: { r: 205, g: 49, b: 151, alpha: 1 } } })
    .png()
    .toBuffer();

/** The start of an x86-64 ELF executable. */
export const elf = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(56, 0), randomBytes(200)]);

export function upload(t: TestApp, as: TestCommunity, parts: UploadPart[], url = '/api/v1/media/files') {
  const body = multipart(parts.map((p) => ({ field: p.field ?? 'file', filename: p.filename, type: p.contentType, data: p.data })));
  return t.request({ method: 'POST', url, as, payload: body.payload, headers: body.headers });
}

export interface StorageBackend {
  /** Config overrides that select the backend. */
  config(): Promise<Partial<Config>> | Partial<Config>;
  /** The storage keys holding bytes for a community, read from the backend itself (not through the app). */
  keysOf(t: TestApp, tenantId: string): Promise<string[]>;
}

/**
 * What every storage backend must do, through the real API: store and serve bytes (signed in and
 * at the public URL), thumbnails, refusals that keep nothing, deletion of the bytes once the record's
 * deletion committed, and isolation between communities.
 */
export function storageConformance(label: string, backend: StorageBackend) {
  describe(`storage (${label}): uploads and downloads`, () => {
    let t: TestApp;
    let a: TestCommunity;
    let b: TestCommunity;
    beforeAll(async () => {
      t = await startTestApp(await backend.config());
      a = await t.signup();
      b = await t.signup();
    });
    afterAll(() => t?.close());

    it('stores a PNG and serves it back, privately and at its public URL', async () => {
      const bytes = await png();
      const res = await upload(t, a, [{ field: 'file', filename: 'logo.png', contentType: 'image/png', data: bytes }]);
      expect(res.statusCode).toBe(201);
      const [file] = res.json().data;
      expect(file).toMatchObject({ filename: 'logo.png', contentType: 'image/png', size: bytes.length });
      expect(file.url).toBe(`/public/${a.name}/files/${file.id}`);

      const content = await t.request({ method: 'GET', url: `/api/v1/media/files/${file.id}/content`, as: a });
      expect(content.statusCode).toBe(200);
      expect(content.headers['content-type']).toBe('image/png');
      expect(content.headers['x-content-type-options']).toBe('nosniff');
      expect(content.headers['cache-control']).toContain('private');
      expect(Buffer.compare(content.rawPayload, bytes)).toBe(0);

      const pub = await t.request({ method: 'GET', url: file.url });
      expect(pub.statusCode).toBe(200);
      expect(pub.headers['content-type']).toBe('image/png');
      expect(pub.headers['cache-control']).toContain('immutable');
      expect(pub.headers['x-content-type-options']).toBe('nosniff');
      expect(pub.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''logo\.png$/);
      expect(Buffer.compare(pub.rawPayload, bytes)).toBe(0);
      const meta = await sharp(pub.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 8, height: 8 });

      // The record is in the media library, without its storage key.
      const record = await t.request({ method: 'GET', url: `/api/v1/media/files/${file.id}`, as: a });
      expect(record.statusCode).toBe(200);
      expect(record.json().data).toMatchObject({
        id: file.id,
        filename: 'logo.png',
        contentType: 'image/png',
        isPublic: true,
        purpose: 'file',
      });
      expect(record.json().data.storageKey).toBeUndefined();
      expect(record.json().data.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it('takes several files in one upload', async () => {
      const res = await upload(t, a, [
        { field: 'gallery', filename: 'one.png', data: await png(4, 4) },
        { field: 'gallery', filename: 'two.png', data: await png(6, 6) },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.map((f: { filename: string }) => f.filename)).toEqual(['one.png', 'two.png']);
    });

    it('judges the type by the bytes, never the name: an executable named .png is refused', async () => {
      const res = await upload(t, a, [{ filename: 'innocent.png', contentType: 'image/png', data: elf() }]);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
      expect(res.json().error.message).toMatch(/^This file type is not accepted\. Upload a PDF, JPEG, PNG/);
    });

    it('refuses random bytes named .png', async () => {
      const res = await upload(t, a, [{ filename: 'noise.png', contentType: 'image/png', data: randomBytes(512) }]);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
    });

    it('accepts UTF-8 text as text/plain and serves it as an attachment', async () => {
      const text = 'Grüße aus Atrium — ünïcödé ✓\n';
      const res = await upload(t, a, [{ filename: 'notes.txt', contentType: 'text/plain', data: text }]);
      expect(res.statusCode).toBe(201);
      const [file] = res.json().data;
      expect(file.contentType).toBe('text/plain');
      const content = await t.request({ method: 'GET', url: `/api/v1/media/files/${file.id}/content`, as: a });
      expect(content.statusCode).toBe(200);
      expect(content.headers['content-type']).toMatch(/^text\/plain/);
      expect(content.headers['content-disposition']).toMatch(/^attachment;/);
      expect(content.body).toBe(text);
    });

    it('refuses a .txt that is not UTF-8', async () => {
      const res = await upload(t, a, [{ filename: 'latin1.txt', data: Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0xff, 0xfe]) }]);
      expect(res.statusCode).toBe(415);
    });

    it('refuses an empty file and an upload without a file', async () => {
      const empty = await upload(t, a, [{ filename: 'empty.png', data: Buffer.alloc(0) }]);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.code).toBe('empty_file');
      const none = await upload(t, a, [{ field: 'title', data: 'just a field' }]);
      expect(none.statusCode).toBe(400);
      expect(none.json().error.code).toBe('no_file');
    });

    it('refuses a body that is not multipart with 415', async () => {
      const json = await t.request({ method: 'POST', url: '/api/v1/media/files', as: a, payload: { file: 'x' } });
      expect(json.statusCode).toBe(415);
      expect(json.json().error.code).toBe('unsupported_media_type');
      const raw = await t.request({
        method: 'POST',
        url: '/api/v1/media/files',
        as: a,
        payload: await png(),
        headers: { 'content-type': 'image/png' },
      });
      expect(raw.statusCode).toBe(415);
      expect(raw.json().error.code).toBe('unsupported_media_type');
    });

    it('needs a session to upload', async () => {
      const body = multipart([{ field: 'file', filename: 'logo.png', data: await png() }]);
      const res = await t.request({ method: 'POST', url: '/api/v1/media/files', payload: body.payload, headers: body.headers });
      expect(res.statusCode).toBe(401);
    });

    it('keeps files to their community', async () => {
      const res = await upload(t, a, [{ filename: 'secret.png', data: await png() }]);
      const [file] = res.json().data;
      const other = await t.request({ method: 'GET', url: `/api/v1/media/files/${file.id}/content`, as: b });
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('not_found');
      const record = await t.request({ method: 'GET', url: `/api/v1/media/files/${file.id}`, as: b });
      expect(record.statusCode).toBe(404);
      const list = await t.request({ method: 'GET', url: '/api/v1/media/files', as: b });
      expect(list.json().data).toEqual([]);
      // The public URL names the community: another community's name finds nothing.
      const wrongCommunity = await t.request({ method: 'GET', url: `/public/${b.name}/files/${file.id}` });
      expect(wrongCommunity.statusCode).toBe(404);
      const unknownCommunity = await t.request({ method: 'GET', url: `/public/no-such-community/files/${file.id}` });
      expect(unknownCommunity.statusCode).toBe(404);
    });

    it('answers 404 for an unknown file and 400 for a malformed id', async () => {
      const unknown = await t.request({ method: 'GET', url: `/api/v1/media/files/${crypto.randomUUID()}/content`, as: a });
      expect(unknown.statusCode).toBe(404);
      const malformed = await t.request({ method: 'GET', url: '/api/v1/media/files/not-a-uuid/content', as: a });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.code).toBe('validation_failed');
    });

    it('stops serving a deleted file and removes its bytes once the deletion committed', async () => {
      const [file] = (await upload(t, a, [{ filename: 'gone.png', data: await png() }])).json().data;
      const key = `${a.tenantId}/${file.id}`;
      expect(await backend.keysOf(t, a.tenantId)).toContain(key);
      const del = await t.request({ method: 'DELETE', url: `/api/v1/media/files/${file.id}`, as: a });
      expect(del.statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: `/api/v1/media/files/${file.id}/content`, as: a })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: file.url })).statusCode).toBe(404);
      expect(await backend.keysOf(t, a.tenantId)).not.toContain(key);
    });

    it('makes a WebP thumbnail of an uploaded image, stored beside it', async () => {
      const res = await upload(t, a, [{ filename: 'wide.png', data: await png(1200, 600) }], '/api/v1/site/uploads');
      expect(res.statusCode).toBe(201);
      const [file] = res.json().data;
      expect(file.thumbnailUrl).toMatch(new RegExp(`^/public/${a.name}/files/[0-9a-f-]{36}$`));
      const thumb = await t.request({ method: 'GET', url: file.thumbnailUrl });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200 });
      const keys = await backend.keysOf(t, a.tenantId);
      expect(keys).toContain(`${a.tenantId}/${file.id}`);
      expect(keys).toContain(`${a.tenantId}/${file.thumbnailUrl.split('/').pop()}`);
    });

    it('keeps no bytes of an upload refused part-way (a later file of the wrong type)', async () => {
      const before = await backend.keysOf(t, a.tenantId);
      const res = await upload(t, a, [
        { filename: 'fine.png', data: await png() },
        { filename: 'evil.png', contentType: 'image/png', data: elf() },
      ]);
      expect(res.statusCode).toBe(415);
      expect((await backend.keysOf(t, a.tenantId)).sort()).toEqual(before.sort());
      const list = await t.request({ method: 'GET', url: '/api/v1/media/files?q=fine', as: a });
      expect(list.json().data).toEqual([]);
    });

    it('stores and streams back a file larger than one multipart part, byte for byte', async () => {
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(9 * 1024 * 1024)]);
      const res = await upload(t, a, [{ filename: 'big.pdf', data: big }]);
      expect(res.statusCode).toBe(201);
      const [file] = res.json().data;
      const content = await t.request({ method: 'GET', url: `/api/v1/media/files/${file.id}/content`, as: a });
      expect(content.statusCode).toBe(200);
      expect(Number(content.headers['content-length'])).toBe(big.length);
      expect(Buffer.compare(content.rawPayload, big)).toBe(0);
    });
  });
}
