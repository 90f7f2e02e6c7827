import { getTableColumns } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmPath, unsubscribeSignature } from '../src/modules/site/services/subscriptions';
import { appWith, droppedMail, multipart, pdf, randomIp, type TestCommunity } from './helpers';

type Json = Record<string, any>;

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

const [t, c, other] = await appWith(2);

describe('public website endpoints', () => {
  const api = async (method: 'POST' | 'PATCH' | 'GET', path: string, payload?: Json, as: TestCommunity = c) => {
    const res = await t.request({ method, url: `/api/v1/${path}`, payload, as });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const create = async (path: string, payload: Json, as: TestCommunity = c) => (await api('POST', path, payload, as)).data;
  const get = (path: string, community: TestCommunity = c, query?: Record<string, string>) =>
    t.request({ method: 'GET', url: `/public/${community.name}/site/${path}`, query });
  const list = async (path: string, query?: Record<string, string>) => {
    const res = await get(path, c, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const titles = (rows: Json[], key = 'title') => rows.map((r) => r[key]);

  describe('published content only', () => {
    let tiles: Json;
    let slabs: Json;

    beforeAll(async () => {
      tiles = await create('site/product-categories', { name: 'Tiles' });
      const cladding = await create('site/product-categories', { name: 'Cladding' });
      slabs = await create('site/product-subcategories', { name: 'Slabs', categoryId: tiles.id });
      const product = (code: string, name: string, extra: Json) => create('site/products', { code, name, ...extra });
      await product('P-1', 'Marble tile', { categoryId: tiles.id, status: 'published', sortOrder: 1 });
      await product('P-2', 'Marble slab', { subcategoryId: slabs.id, status: 'published', sortOrder: 2 });
      await product('P-3', 'Marble draft', { categoryId: tiles.id, status: 'draft' });
      await product('P-4', 'Marble future', { categoryId: tiles.id, status: 'published', publishAt: hours(24) });
      await product('P-5', 'Marble archived', { categoryId: tiles.id, status: 'archived' });
      await product('P-6', 'Teak cladding', { categoryId: cladding.id, status: 'published', sortOrder: 3 });
      for (let i = 0; i < 5; i++)
        await product(`S-${i}`, `Sandstone ${i}`, { categoryId: tiles.id, status: 'published', sortOrder: 10 + i });
      await create('site/products', { code: 'O-1', name: 'Marble elsewhere', slug: 'marble-elsewhere', status: 'published' }, other);
    });

    it('lists published, due products: search, category, subcategory, paging', async () => {
      const all = await list('products', { limit: '100' });
      expect(all.total).toBe(8);
      expect(titles(all.data, 'name').slice(0, 3)).toEqual(['Marble tile', 'Marble slab', 'Teak cladding']);
      expect(all.data[0]).not.toHaveProperty('description');
      const marble = await list('products', { q: 'marble' });
      expect(titles(marble.data, 'name')).toEqual(['Marble tile', 'Marble slab']);
      const inTiles = await list('products', { q: 'marble', categoryId: tiles.id });
      expect(titles(inTiles.data, 'name')).toEqual(['Marble tile', 'Marble slab']);
      const inSlabs = await list('products', { subcategoryId: slabs.id });
      expect(titles(inSlabs.data, 'name')).toEqual(['Marble slab']);
      const byCode = await list('products', { q: 'p-6' });
      expect(titles(byCode.data, 'name')).toEqual(['Teak cladding']);
      const page = await list('products', { categoryId: tiles.id, limit: '2', offset: '2', sort: 'name' });
      expect(page).toMatchObject({ total: 7, limit: 2, offset: 2 });
      expect(titles(page.data, 'name')).toEqual(['Sandstone 0', 'Sandstone 1']);
      const wildcard = await list('products', { q: '%' });
      expect(wildcard.total).toBe(0);
      const bad = await get('products', c, { categoryId: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
    });

    it('reads a published product by slug or code, never a draft, future or archived one', async () => {
      const res = await get('products/marble-slab');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.json().data).toMatchObject({ code: 'P-2', category: { name: 'Tiles' }, subcategory: { name: 'Slabs' } });
      expect((await get('products/P-6')).json().data.name).toBe('Teak cladding');
      for (const slug of ['marble-draft', 'marble-future', 'marble-archived', 'marble-elsewhere']) {
        expect((await get(`products/${slug}`)).statusCode, slug).toBe(404);
      }
    });

    it('answers 404 for an unknown community and needs no sign-in', async () => {
      const res = await t.request({ method: 'GET', url: '/public/no-such-community/site/products' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });

    it('lists product categories with their subcategories', async () => {
      const { data } = await list('product-categories');
      expect(data.map((d: Json) => d.name)).toEqual(['Cladding', 'Tiles']);
      expect(data[1].subcategories.map((s: Json) => s.name)).toEqual(['Slabs']);
    });

    it('banners: published, due and not yet taken down', async () => {
      const image = { url: 'https://img.example/b.jpg', alt: 'Banner' };
      await create('site/banners', { title: 'Live', image, status: 'published', sortOrder: 2 });
      await create('site/banners', { title: 'First', image, status: 'published', sortOrder: 1 });
      await create('site/banners', { title: 'Draft', image });
      await create('site/banners', { title: 'Ended', image, status: 'published', publishAt: hours(-48), unpublishAt: hours(-1) });
      await create('site/banners', { title: 'Products page', image, status: 'published', placement: 'products' });
      expect(titles((await list('banners')).data)).toEqual(['First', 'Live']);
      expect(titles((await list('banners', { placement: 'products' })).data)).toEqual(['Products page']);
      const backwards = await t.request({
        method: 'POST',
        url: '/api/v1/site/banners',
        as: c,
        payload: { title: 'Backwards', image, publishAt: hours(2), unpublishAt: hours(1) },
      });
      expect(backwards.statusCode).toBe(400);
    });

    it('blogs: list without the body, read by slug with the category', async () => {
      const news = await create('site/blog-categories', { name: 'News' });
      await create('site/blogs', {
        title: 'Old news',
        body: '<p>Old</p>',
        status: 'published',
        publishAt: hours(-48),
        categoryId: news.id,
      });
      await create('site/blogs', { title: 'Fresh news', body: '<p>Fresh</p>', status: 'published', categoryId: news.id });
      await create('site/blogs', { title: 'Unfinished', body: '<p>…</p>' });
      const page = await list('blogs');
      expect(titles(page.data)).toEqual(['Fresh news', 'Old news']);
      expect(page.data[0]).not.toHaveProperty('body');
      const one = (await get('blogs/fresh-news')).json().data;
      expect(one).toMatchObject({ body: '<p>Fresh</p>', category: { name: 'News', slug: 'news' } });
      expect((await get('blogs/unfinished')).statusCode).toBe(404);
      expect(titles((await list('blog-categories')).data, 'name')).toEqual(['News']);
    });

    it('projects: published ones, with only the published products they used', async () => {
      const { data: products } = await api('GET', 'site/products?limit=100');
      const byCode = Object.fromEntries(products.map((p: Json) => [p.code, p.id]));
      await create('site/projects', { title: 'Airport lounge', status: 'published', productIds: [byCode['P-1'], byCode['P-3']] });
      await create('site/projects', { title: 'Secret villa' });
      expect(titles((await list('projects')).data)).toEqual(['Airport lounge']);
      const project = (await get('projects/airport-lounge')).json().data;
      expect(project.products.map((p: Json) => p.code)).toEqual(['P-1']);
      expect((await get('projects/secret-villa')).statusCode).toBe(404);
    });

    it('events: upcoming ones earliest first, past ones latest first', async () => {
      await create('site/events', { title: 'Launch', startsAt: hours(48), status: 'published' });
      await create('site/events', { title: 'Expo', startsAt: hours(24), endsAt: hours(30), status: 'published' });
      await create('site/events', { title: 'Last year', startsAt: hours(-24 * 300), status: 'published' });
      await create('site/events', { title: 'Planning', startsAt: hours(72) });
      expect(titles((await list('events')).data)).toEqual(['Expo', 'Launch']);
      expect(titles((await list('events', { when: 'past' })).data)).toEqual(['Last year']);
      expect((await get('events/last-year')).json().data.registrationOpen).toBe(false);
    });

    it('catalogues: a gated one hides its file link', async () => {
      await create('site/catalogues', {
        title: 'Open guide',
        fileUrl: 'https://files.example/open.pdf',
        requiresDetails: false,
        status: 'published',
      });
      await create('site/catalogues', { title: 'Gated catalogue', fileUrl: 'https://files.example/gated.pdf', status: 'published' });
      await create('site/catalogues', { title: 'Draft catalogue', fileUrl: 'https://files.example/draft.pdf' });
      const { data } = await list('catalogues');
      expect(Object.fromEntries(data.map((d: Json) => [d.title, d.fileUrl]))).toEqual({
        'Open guide': 'https://files.example/open.pdf',
        'Gated catalogue': null,
      });
    });

    it('documents: published downloadable ones, downloaded with their name and type', async () => {
      const bytes = pdf('installation');
      const body = multipart([{ field: 'file', filename: 'upload.pdf', type: 'application/pdf', data: bytes }]);
      const up = await t.request({ method: 'POST', url: '/api/v1/site/uploads', payload: body.payload, headers: body.headers, as: c });
      const [file] = up.json().data;
      const doc = await create('site/documents', {
        title: 'Installation guide',
        fileUrl: file.url,
        fileName: 'Installation guide 2025.pdf',
        type: 'installation_guide',
        status: 'published',
      });
      await create('site/documents', { title: 'Internal', fileUrl: file.url, downloadable: false, status: 'published' });
      await create('site/documents', { title: 'Hosted', fileUrl: 'https://files.example/hosted.pdf', status: 'published' });
      const { data } = await list('documents');
      expect(titles(data).sort()).toEqual(['Hosted', 'Installation guide']);
      const download = await t.request({ method: 'GET', url: data.find((d: Json) => d.id === doc.id).downloadUrl });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Installation%20guide%202025.pdf");
      expect(download.rawPayload.equals(bytes)).toBe(true);
      const hosted = data.find((d: Json) => d.title === 'Hosted');
      const redirect = await t.request({ method: 'GET', url: hosted.downloadUrl });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe('https://files.example/hosted.pdf');
      expect((await api('GET', `site/documents/${doc.id}`)).data.downloadCount).toBe(1);
    });
  });

  describe('declared views', () => {
    beforeAll(async () => {
      await create('site/contact-details', { name: 'Branch', city: 'Pune', sortOrder: 1 });
      await create('site/contact-details', { name: 'Head office', city: 'Mumbai', isPrimary: true, sortOrder: 5 });
      await create('site/contact-details', { name: 'Closed office', active: false });
      const investors = { fileUrl: 'https://files.example/ir.pdf', status: 'published' };
      await create('site/investor-documents', { ...investors, title: 'Annual report', publishedOn: '2025-06-30' });
      await create('site/investor-documents', { ...investors, title: 'Q1 results', publishedOn: '2025-08-08' });
      await create('site/investor-documents', { ...investors, title: 'Draft results', status: 'draft' });
    });

    it('every public view shows only its declared fields: no status, dates of editing or counters', async () => {
      const views = t.app.publicViews;
      expect(views.length).toBeGreaterThanOrEqual(12);
      for (const view of views) {
        const columns = Object.keys(getTableColumns(view.config.resource.table));
        const undeclared = columns.filter((k) => !view.config.fields.includes(k));
        expect(undeclared, view.path).toEqual(expect.arrayContaining(['tenantId', 'createdAt', 'updatedAt']));
        const choice = view.config.choice;
        const listed = await get(view.path.replace(/^site\//, ''), c, choice?.options.all ? { [choice.param]: 'all' } : {});
        expect(listed.statusCode, `${view.path}: ${listed.body}`).toBe(200);
        const rows = listed.json().data as Json[];
        expect(rows.length, `${view.path} lists something`).toBeGreaterThan(0);
        for (const row of rows) for (const key of undeclared) expect(row, `${view.path} ${key}`).not.toHaveProperty(key);
        const slug = rows.find((r) => typeof r.slug === 'string')?.slug;
        if (view.config.one && slug) {
          const one = await get(`${view.path.replace(/^site\//, '')}/${slug}`);
          expect(one.statusCode, `${view.path}/${slug}`).toBe(200);
          for (const key of undeclared) expect(one.json().data, `${view.path}/${slug} ${key}`).not.toHaveProperty(key);
        }
      }
    });

    it('offices: active ones, the main office first; investor documents newest first', async () => {
      expect(titles((await list('offices')).data, 'name')).toEqual(['Head office', 'Branch']);
      expect(titles((await list('investor-documents')).data)).toEqual(['Q1 results', 'Annual report']);
    });

    it('offers no ?expand=: related records are not held to the view’s scopes (a draft’s title stays inside)', async () => {
      const draft = await create('site/products', { code: 'X-1', name: 'Secret draft', status: 'draft' });
      await create('site/projects', { title: 'Villa with a draft', status: 'published', productIds: [draft.id] });
      for (const expand of ['products', 'category']) {
        const res = await get('projects', c, { expand });
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().data as Json[];
        expect(titles(rows)).toContain('Villa with a draft');
        expect(res.body).not.toContain('Secret draft');
        for (const row of rows) expect(row).not.toHaveProperty('expanded');
      }
      const one = await get('projects/villa-with-a-draft', c, { expand: 'products' });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().data.products).toEqual([]);
    });

    it('pages by keyset cursor to the same list as by offset, and refuses a crafted cursor', async () => {
      const byOffset = (await list('products', { limit: '100', sort: 'name' })).data.map((p: Json) => p.id);
      const byCursor: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Json = await list('products', { limit: '3', sort: 'name', ...(cursor ? { cursor } : {}) });
        byCursor.push(...page.data.map((p: Json) => p.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(byCursor).toEqual(byOffset);
      const crafted = await get('products', c, { cursor: Buffer.from('[true]').toString('base64url') });
      expect(crafted.statusCode).toBe(400);
    });
  });

  describe('submissions', () => {
    const post = (path: string, payload: Json, ip = randomIp(), community: TestCommunity = c) =>
      t.request({ method: 'POST', url: `/public/${community.name}/site/${path}`, payload, remoteAddress: ip });
    const inbound = async (path: string) => (await api('GET', `${path}?limit=100`)).data as Json[];
    const notifications = async () => (await api('GET', 'ops/notifications?limit=100')).data as Json[];

    it('a valid message lands in the inbound list with a console notification', async () => {
      const res = await post('get-in-touch', {
        name: 'Asha Rao',
        email: 'Asha@Example.com',
        phone: '+91 98450 00000',
        subject: 'Samples',
        message: 'Please send samples of the marble tile.',
        website: '',
        recaptcha: 'ignored',
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ data: { received: true } });
      const [message] = await inbound('site/get-in-touch-messages');
      expect(message).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', status: 'new', subject: 'Samples' });
      const note = (await notifications()).find((n) => n.recordId === message.id);
      expect(note).toMatchObject({
        source: 'site/get-in-touch-messages',
        read: false,
        title: 'New message from Asha Rao',
        link: `/admin-panel/getintouch?record=${message.id}`,
      });
      const audit = await api('GET', `ops/audit-log?recordId=${message.id}`);
      expect(audit.data[0]).toMatchObject({ action: 'create', actorName: 'Website visitor', actorId: null });
      const read = await api('PATCH', `ops/notifications/${note!.id}`, { read: true });
      expect(new Date(read.data.readAt).getTime()).toBeGreaterThan(0);
    });

    it('an invalid submission is refused with the fields', async () => {
      const res = await post('design-support', { name: '', email: 'not-an-email', projectType: 'castle' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'message', 'name', 'projectType']);
      const big = await post('get-in-touch', { name: 'Big', email: 'big@example.com', message: 'x'.repeat(40_000) });
      expect(big.statusCode).toBe(413);
      const notJson = await t.request({
        method: 'POST',
        url: `/public/${c.name}/site/get-in-touch`,
        payload: [1, 2],
        remoteAddress: randomIp(),
      });
      expect(notJson.statusCode).toBe(400);
    });

    it('a filled honeypot answers 202 as if accepted, and stores nothing', async () => {
      const before = { list: (await inbound('site/design-support-requests')).length, notes: (await notifications()).length };
      const res = await post('design-support', {
        name: 'Bot',
        email: 'bot@spam.example',
        message: 'Buy followers',
        website: 'https://spam.example',
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { received: true } });
      expect((await inbound('site/design-support-requests')).length).toBe(before.list);
      expect((await notifications()).length).toBe(before.notes);
      const real = await post('design-support', {
        name: 'Ravi',
        email: 'ravi@example.com',
        message: 'Villa façade',
        projectType: 'residential',
      });
      expect(real.statusCode).toBe(202);
      expect((await inbound('site/design-support-requests')).length).toBe(before.list + 1);
    });

    it('rate-limits each visitor address per community: 10 in 10 minutes', async () => {
      const ip = randomIp();
      const body = { name: 'Repeat', email: 'repeat@example.com', message: 'Hello again' };
      for (let i = 0; i < 10; i++) expect((await post('get-in-touch', body, ip)).statusCode).toBe(202);
      const limited = await post('get-in-touch', body, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post('subscribers', { email: 'x@example.com' }, ip)).statusCode).toBe(429);
      expect((await post('get-in-touch', body, randomIp())).statusCode).toBe(202);
      expect((await post('get-in-touch', body, ip, other)).statusCode).toBe(202);
    });

    it('event registrations: open events only, within capacity', async () => {
      const event = await create('site/events', { title: 'Small workshop', startsAt: hours(24), capacity: 3, status: 'published' });
      const closed = await create('site/events', { title: 'Closed', startsAt: hours(24), registrationOpen: false, status: 'published' });
      const draft = await create('site/events', { title: 'Draft workshop', startsAt: hours(24) });
      const person = { name: 'Kiran', email: 'kiran@example.com' };
      expect((await post('event-registrations', { ...person, eventId: event.id, attendees: 2 })).statusCode).toBe(202);
      const full = await post('event-registrations', { ...person, eventId: event.id, attendees: 2 });
      expect(full.statusCode).toBe(409);
      expect(full.json().error.code).toBe('event_full');
      expect((await post('event-registrations', { ...person, eventId: event.id })).statusCode).toBe(202);
      expect((await post('event-registrations', { ...person, eventId: closed.id })).json().error.code).toBe('registration_closed');
      expect((await post('event-registrations', { ...person, eventId: draft.id })).statusCode).toBe(400);
      const regs = (await api('GET', `site/event-registrations?eventId=${event.id}`)).data;
      expect(regs.map((r: Json) => r.attendees).sort()).toEqual([1, 2]);
    });

    it("catalogue downloads return the catalogue's link after the form", async () => {
      const catalogue = await create('site/catalogues', {
        title: 'Price book',
        fileUrl: 'https://files.example/price-book.pdf',
        fileName: 'price-book.pdf',
        status: 'published',
      });
      const res = await post('catalogue-downloads', {
        catalogueId: catalogue.id,
        name: 'Dev',
        email: 'dev@example.com',
        profession: 'architect',
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().data.catalogue).toEqual({
        title: 'Price book',
        url: 'https://files.example/price-book.pdf',
        fileName: 'price-book.pdf',
      });
      const [lead] = (await api('GET', `site/catalogue-downloads?catalogueId=${catalogue.id}`)).data;
      expect(lead).toMatchObject({ name: 'Dev', profession: 'architect', status: 'new' });
      expect((await api('GET', `site/catalogues/${catalogue.id}`)).data.downloadCount).toBe(1);
      const bot = await post('catalogue-downloads', { catalogueId: catalogue.id, name: 'Bot', email: 'bot@example.com', website: 'x' });
      // The bot's answer looks like success but holds no file link.
      expect(bot.statusCode).toBe(202);
      expect(bot.json().data.catalogue).toMatchObject({ title: 'Price book', url: expect.any(String) });
      expect(bot.body).not.toContain('files.example');
      expect((await api('GET', `site/catalogue-downloads?catalogueId=${catalogue.id}`)).total).toBe(1);
      const unknown = await post('catalogue-downloads', {
        catalogueId: '00000000-0000-4000-8000-000000000000',
        name: 'A',
        email: 'a@example.com',
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('careers: multipart with the CV, stored as a private file', async () => {
      const cv = pdf('curriculum vitae');
      const form = (fields: Record<string, string>, file?: { filename: string; data: Buffer; type?: string }) =>
        multipart([
          ...Object.entries(fields).map(([field, data]) => ({ field, data })),
          ...(file ? [{ field: 'cv', filename: file.filename, type: file.type ?? 'application/pdf', data: file.data }] : []),
        ]);
      const send = (body: ReturnType<typeof form>) =>
        t.request({
          method: 'POST',
          url: `/public/${c.name}/site/careers`,
          payload: body.payload,
          headers: body.headers,
          remoteAddress: randomIp(),
        });
      const fields = { name: 'Neha', email: 'neha@example.com', position: 'Site engineer', experienceYears: '4' };

      const res = await send(form(fields, { filename: 'neha-cv.pdf', data: cv }));
      expect(res.statusCode, res.body).toBe(202);
      const [application] = (await api('GET', 'site/career-applications')).data;
      expect(application).toMatchObject({ name: 'Neha', position: 'Site engineer', experienceYears: 4, status: 'new' });
      expect((await t.request({ method: 'GET', url: `/public/${c.name}/files/${application.cvFileId}` })).statusCode).toBe(404);
      const file = await t.request({ method: 'GET', url: application.cvUrl, as: c });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(cv)).toBe(true);
      expect((await notifications()).some((n) => n.recordId === application.id && n.source === 'site/career-applications')).toBe(true);

      const noCv = await send(form(fields));
      expect(noCv.statusCode).toBe(400);
      expect(noCv.json().error.fields).toHaveProperty('cv');
      const image = await send(
        form(fields, { filename: 'cv.png', type: 'image/png', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') }),
      );
      expect(image.statusCode).toBe(400);
      const bot = await send(form({ ...fields, website: 'http://spam.example' }, { filename: 'x.pdf', data: cv }));
      expect(bot.statusCode).toBe(202);
      const json = await t.request({ method: 'POST', url: `/public/${c.name}/site/careers`, payload: fields, remoteAddress: randomIp() });
      expect(json.statusCode).toBe(415);
      expect((await api('GET', 'site/career-applications')).total).toBe(1);
      const [{ n }] = await t.app.db.query<{ n: number }>("select count(*)::int as n from files where purpose = 'careers-cv'");
      expect(n).toBe(1);
    });

    it('subscribe, then unsubscribe with the signed link; a bad signature is refused', async () => {
      expect((await post('subscribers', { email: 'Mira@Example.com', name: 'Mira' })).statusCode).toBe(202);
      expect((await post('subscribers', { email: 'mira@example.com' })).statusCode).toBe(202);
      const subs = (await api('GET', 'site/subscribers?q=mira')).data;
      expect(subs).toHaveLength(1);
      expect(subs[0]).toMatchObject({ email: 'mira@example.com', subscribed: true, source: 'website' });

      const unsubscribe = (query: Record<string, string>) =>
        t.request({ method: 'GET', url: `/public/${c.name}/site/subscribers/unsubscribe`, query });
      const forged = await unsubscribe({ email: 'mira@example.com', sig: 'AAAA' });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('invalid_signature');
      const otherEmail = await unsubscribe({
        email: 'mira@example.com',
        sig: unsubscribeSignature(t.config.jwtSecret, c.name, 'someone@example.com'),
      });
      expect(otherEmail.statusCode).toBe(403);
      const otherCommunity = await unsubscribe({
        email: 'mira@example.com',
        sig: unsubscribeSignature(t.config.jwtSecret, other.name, 'mira@example.com'),
      });
      expect(otherCommunity.statusCode).toBe(403);
      expect((await api('GET', `site/subscribers/${subs[0].id}`)).data.subscribed).toBe(true);

      const { data: link } = await api('GET', `site/subscribers/${subs[0].id}/unsubscribe-link`);
      const good = await t.request({ method: 'GET', url: link.url });
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().data).toEqual({ unsubscribed: true, email: 'mira@example.com' });
      const after = (await api('GET', `site/subscribers/${subs[0].id}`)).data;
      expect(after.subscribed).toBe(false);
      expect(new Date(after.unsubscribedAt).getTime()).toBeGreaterThan(0);
      expect((await t.request({ method: 'GET', url: link.url })).statusCode).toBe(200);
    });

    it('re-subscribing an address that left takes the confirmation mailed to it (double opt-in)', async () => {
      const fresh = await post('subscribers', { email: 'Noor@Example.com' });
      expect(fresh.json()).toEqual({ data: { received: true, subscribed: true } });
      expect(() => droppedMail(t, 'noor@example.com')).toThrow();
      const [noor] = (await api('GET', 'site/subscribers?q=noor')).data;
      const { data: link } = await api('GET', `site/subscribers/${noor.id}/unsubscribe-link`);
      expect((await t.request({ method: 'GET', url: link.url })).statusCode).toBe(200);
      const left = (await api('GET', `site/subscribers/${noor.id}`)).data;
      expect(left.subscribed).toBe(false);

      // Anyone may ask; nothing changes until the address itself confirms.
      const again = await post('subscribers', { email: 'noor@example.com' });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ data: { received: true, subscribed: false, confirmationSent: true } });
      expect((await api('GET', `site/subscribers/${noor.id}`)).data).toMatchObject({
        subscribed: false,
        unsubscribedAt: left.unsubscribedAt,
      });
      const mail = droppedMail(t, 'noor@example.com');
      const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      expect(url.pathname).toBe(`/public/${c.name}/site/subscribers/confirm`);
      // The outbox keeps no copy of the link.
      const outbox = (await api('GET', 'ops/outbox?to=noor@example.com')).data as Json[];
      expect(outbox.length).toBeGreaterThan(0);
      expect(JSON.stringify(outbox)).not.toContain(url.searchParams.get('sig'));

      const confirm = (query: Record<string, string>) =>
        t.request({ method: 'GET', url: `/public/${c.name}/site/subscribers/confirm`, query });
      const params = Object.fromEntries(url.searchParams);
      const forged = await confirm({ ...params, sig: `${params.sig.slice(0, -2)}AA` });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('invalid_signature');
      const stretched = await confirm({ ...params, expires: String(Number(params.expires) + 3600) });
      expect(stretched.statusCode).toBe(403);
      const otherAddress = await confirm({ ...params, email: 'mira@example.com' });
      expect(otherAddress.statusCode).toBe(403);
      const expiredPath = confirmPath(
        t.config.jwtSecret,
        c.name,
        'noor@example.com',
        new Date(left.unsubscribedAt),
        Date.now() - 49 * 3600_000,
      );
      const expired = await t.request({ method: 'GET', url: expiredPath });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.code).toBe('link_expired');
      expect((await api('GET', `site/subscribers/${noor.id}`)).data.subscribed).toBe(false);

      const ok = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toEqual({ subscribed: true, email: 'noor@example.com' });
      expect((await api('GET', `site/subscribers/${noor.id}`)).data).toMatchObject({ subscribed: true, unsubscribedAt: null });
      // Used once; and after a later unsubscribe the old link does not bring the address back.
      expect((await t.request({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: link.url })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(403);
      expect((await api('GET', `site/subscribers/${noor.id}`)).data.subscribed).toBe(false);
    });

    it('a bot re-subscribing through the honeypot gets a success-shaped answer and no mail is sent', async () => {
      await post('subscribers', { email: 'zara@example.com' });
      const [zara] = (await api('GET', 'site/subscribers?q=zara')).data;
      await api('PATCH', `site/subscribers/${zara.id}`, { subscribed: false });
      const bot = await post('subscribers', { email: 'zara@example.com', website: 'http://spam.example' });
      expect(bot.statusCode).toBe(202);
      expect(bot.json()).toEqual({ data: { received: true } });
      expect(() => droppedMail(t, 'zara@example.com')).toThrow();
      expect((await api('GET', `site/subscribers/${zara.id}`)).data.subscribed).toBe(false);
    });
  });
});
