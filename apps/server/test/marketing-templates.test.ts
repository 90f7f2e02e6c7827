import { describe, expect, it } from 'vitest';
import { marketingContacts } from '../src/modules/marketing/tables/contacts';
import { STARTER_LAYOUTS } from '../src/modules/marketing/templates/email/layouts';
import { apiOf, appWith, signedInAdmin, type TestCommunity } from './helpers';

type Json = Record<string, any>;

const footer = { id: 'footer', type: 'footer', html: '<p>You asked us to write.</p>' };
const design = (...blocks: Json[]) => ({ version: 1, blocks: [...blocks, footer] });
const text = (html: string, id = 'body') => ({ id, type: 'text', html });

describe('marketing templates: variables and email templates', async () => {
  const [t, a, b] = await appWith(2);

  const v1 = apiOf(t, a);
  const compat = (path: string, payload: Json = {}, as: TestCommunity = a) =>
    t.request({ method: 'POST', url: `/compat/content${path}`, payload, as });
  const createTemplate = (payload: Json, as: TestCommunity = a) => v1('POST', 'marketing/email-templates', payload, as);

  describe('variables', () => {
    it('creates, lists and updates a variable; the path must suit the source', async () => {
      const created = await v1('POST', 'marketing/variables', {
        name: 'plan',
        label: 'Plan',
        source: 'attribute',
        path: 'plan',
        defaultValue: 'Basic',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ name: 'plan', source: 'attribute', path: 'plan', defaultValue: 'Basic' });
      const id = created.json().data.id;

      const listed = await v1('GET', 'marketing/variables?q=plan');
      expect(listed.json().data.map((v: Json) => v.name)).toEqual(['plan']);

      const toBusiness = await v1('PATCH', `marketing/variables/${id}`, { source: 'business' });
      expect(toBusiness.statusCode).toBe(400);
      expect(toBusiness.json().error.fields.path).toMatch(/business field/);
      const fixed = await v1('PATCH', `marketing/variables/${id}`, { source: 'business', path: 'address' });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json().data).toMatchObject({ source: 'business', path: 'address' });

      const constant = await v1('POST', 'marketing/variables', {
        name: 'hotline',
        label: 'Hotline',
        source: 'constant',
        path: 'x',
        defaultValue: '1800',
      });
      expect(constant.statusCode).toBe(400);
      expect(constant.json().error.fields.path).toMatch(/constant has no path/);
      const contact = await v1('POST', 'marketing/variables', { name: 'shoe_size', label: 'Shoe', source: 'contact', path: 'shoe_size' });
      expect(contact.statusCode).toBe(400);
      expect(contact.json().error.fields.path).toMatch(/contact field/);
    });

    it('refuses a name that is not lower snake case, a built-in name and a name taken', async () => {
      for (const name of ['First Name', 'firstName', '1st', 'first-name', '']) {
        const res = await v1('POST', 'marketing/variables', { name, label: 'X', source: 'constant', defaultValue: 'x' });
        expect(res.statusCode, name).toBe(400);
        expect(res.json().error.fields.name, name).toEqual(expect.any(String));
      }
      const builtIn = await v1('POST', 'marketing/variables', { name: 'unsubscribe_url', label: 'X', source: 'constant' });
      expect(builtIn.json().error.fields.name).toMatch(/filled in by the sender/);
      await v1('POST', 'marketing/variables', { name: 'store_hours', label: 'Store hours', source: 'constant', defaultValue: '9–6' });
      const again = await v1('POST', 'marketing/variables', { name: 'store_hours', label: 'Again', source: 'constant' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.fields.name).toBe('Already in use');
    });

    it('getAllDropDown lists the standard variables and the community’s own, each with an example', async () => {
      await v1('POST', 'marketing/variables', {
        name: 'first_name',
        label: 'Given name',
        source: 'contact',
        path: 'first_name',
        defaultValue: 'friend',
      });
      const res = await compat('/marcom/variable/getAllDropDown');
      expect(res.statusCode, res.body).toBe(200);
      const byName = new Map(res.json().data.map((v: Json) => [v.name, v]));
      expect(byName.get('first_name')).toMatchObject({ label: 'Given name', example: 'Priya', tag: '{{ first_name }}', standard: false });
      expect(byName.get('last_name')).toMatchObject({ example: 'Raman', standard: true });
      expect(byName.get('store_hours')).toMatchObject({ example: '9–6', source: 'constant' });
      // The business profile's name: the community has none yet, so the label stands in.
      expect(byName.get('business_address')).toMatchObject({ example: '[Business address]' });
      // Another community sees only the standard ones.
      const other = await compat('/marcom/variable/getAllDropDown', {}, b);
      const names = other.json().data.map((v: Json) => v.name);
      expect(names).toContain('first_name');
      expect(names).not.toContain('store_hours');
      expect(other.json().data.find((v: Json) => v.name === 'first_name').label).toBe('First name');
    });

    it('getMultiple reads variables by id or by name', async () => {
      const mine = (await v1('GET', 'marketing/variables?q=store')).json().data[0];
      const byId = await compat('/marcom/variable/getMultiple', { ids: [mine.id] });
      expect(byId.json().data.map((v: Json) => v.name)).toEqual(['store_hours']);
      const byName = await compat('/marcom/variable/getMultiple', { names: ['email', 'store_hours', 'nope'] });
      expect(
        byName
          .json()
          .data.map((v: Json) => v.name)
          .sort(),
      ).toEqual(['email', 'store_hours']);
      expect((await compat('/marcom/variable/getMultiple', {})).statusCode).toBe(400);
      expect((await compat('/marcom/variable/getMultiple', { ids: [mine.id] }, b)).json().data).toEqual([]);
    });
  });

  describe('email templates', () => {
    it('saves a design rendered to responsive HTML (MJML) and a plain-text part, merge tags kept for the send', async () => {
      const res = await createTemplate({
        name: 'Welcome',
        subject: 'Welcome, {{ first_name }}',
        preheader: 'Good to have you',
        layout: 'layout-1',
        design: design(
          { id: 'header', type: 'header', title: '{{ business_name }}' },
          text('<p>Hi {{ first_name }}, meet our <a href="https://shop.example/tiles">tiles</a>.</p>'),
          { id: 'cols', type: 'columns', columns: [{ html: '<p>Left</p>' }, { html: '<p>Right</p>' }] },
          { id: 'cta', type: 'button', label: 'Shop now', href: 'https://shop.example' },
        ),
      });
      expect(res.statusCode, res.body).toBe(201);
      const saved = res.json().data;
      expect(saved.html).toContain('<!doctype html>');
      expect(saved.html).toMatch(/@media only screen and \(min-width:480px\)/);
      expect(saved.html).toContain('mj-column-per-50');
      expect(saved.html).toContain('href="{{ unsubscribe_url }}"');
      expect(saved.html).toContain('Good to have you');
      expect(saved.text).toContain('Hi {{ first_name }}, meet our tiles (https://shop.example/tiles).');
      expect(saved.text).toContain('Shop now: https://shop.example');
      expect(saved.text).toContain('Unsubscribe: {{ unsubscribe_url }}');
      expect(saved.text).not.toMatch(/<[a-z]/);
      expect(saved.variables).toEqual(['business_address', 'business_name', 'first_name', 'unsubscribe_url', 'view_in_browser_url']);

      // A change of the design renders again.
      const changed = await v1('PATCH', `marketing/email-templates/${saved.id}`, {
        design: design(text('<p>Changed words for {{ email }}</p>')),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data.html).toContain('Changed words for {{ email }}');
      expect(changed.json().data.variables).toContain('email');
      // The rendered parts are the server's: a client cannot set them.
      const forged = await v1('PATCH', `marketing/email-templates/${saved.id}`, { html: '<p>mine</p>' });
      expect(forged.statusCode).toBe(400);
    });

    it('refuses an unknown variable at save, naming the field and the variable, and a template that does not parse', async () => {
      const inBlock = await createTemplate({ name: 'X', subject: 'Hi', design: design(text('<p>Your code {{ coupon_code }}</p>')) });
      expect(inBlock.statusCode).toBe(400);
      expect(inBlock.json().error.fields['design.blocks.0.html']).toBe('Unknown variable: coupon_code');
      expect(inBlock.json().error.message).toContain('coupon_code');

      const inSubject = await createTemplate({ name: 'X', subject: '{{ nickname }}, hello', design: design(text('<p>Hi</p>')) });
      expect(inSubject.json().error.fields.subject).toBe('Unknown variable: nickname');

      const broken = await createTemplate({ name: 'X', subject: 'Hi', design: design(text('<p>Hi {{ first_name </p>')) });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.fields['design.blocks.0.html']).toEqual(expect.any(String));

      // Declared in another community only: still unknown here.
      await v1('POST', 'marketing/variables', { name: 'loyalty_tier', label: 'Tier', source: 'attribute', path: 'tier' }, b);
      const foreign = await createTemplate({ name: 'X', subject: 'Hi', design: design(text('<p>{{ loyalty_tier }}</p>')) });
      expect(foreign.json().error.fields['design.blocks.0.html']).toBe('Unknown variable: loyalty_tier');
      expect((await createTemplate({ name: 'X', subject: 'Hi', design: design(text('<p>{{ loyalty_tier }}</p>')) }, b)).statusCode).toBe(
        201,
      );
    });

    it('a new preheader on a template whose saved design cannot be read asks for a design (400), and changes nothing', async () => {
      const res = await createTemplate({ name: 'Unreadable', subject: 'Hi', design: design(text('<p>Hi</p>')) });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id;
      // Written some other way than the API (an import, SQL): no settings, no blocks.
      await t.app.db.query(`update marketing_email_templates set design = '{}'::jsonb where id = $1`, [id]);
      const changed = await v1('PATCH', `marketing/email-templates/${id}`, { preheader: '' });
      expect(changed.statusCode, changed.body).toBe(400);
      expect(changed.json().error.fields.design).toMatch(/send a design with this change/);
      const after = await v1('GET', `marketing/email-templates/${id}`);
      expect(after.json().data.preheader).toBe(res.json().data.preheader);
      // With a design the same change saves.
      const fixed = await v1('PATCH', `marketing/email-templates/${id}`, { preheader: '', design: design(text('<p>Back</p>')) });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json().data.html).toContain('Back');
    });

    it('refuses a bad block naming it, a design without a footer, and sanitizes rich text', async () => {
      const badLink = await createTemplate({
        name: 'X',
        subject: 'Hi',
        design: design(text('<p>Hi</p>'), { id: 'cta', type: 'button', label: 'Go', href: 'javascript:alert(1)' }),
      });
      expect(badLink.statusCode).toBe(400);
      expect(badLink.json().error.fields['design.blocks.1.href']).toMatch(/^Block 2 \(button\): .*link/);

      const unknownType = await createTemplate({ name: 'X', subject: 'Hi', design: design({ id: 'v', type: 'video', url: 'x' }) });
      expect(unknownType.json().error.fields['design.blocks.0.type']).toMatch(/^Block 1 \(video\): choose a block type/);

      const extraField = await createTemplate({ name: 'X', subject: 'Hi', design: design({ ...text('<p>x</p>'), onclick: 'x' }) });
      expect(extraField.json().error.fields['design.blocks.0.onclick']).toMatch(/Block 1 \(text\): unknown field onclick/);

      const emptyCards = await createTemplate({
        name: 'X',
        subject: 'Hi',
        design: design({ id: 'p', type: 'cards', source: 'products', items: [] }),
      });
      expect(emptyCards.json().error.fields['design.blocks.0.items']).toBe('Block 1 (cards): items: Pick at least one');

      const noFooter = await createTemplate({ name: 'X', subject: 'Hi', design: { version: 1, blocks: [text('<p>x</p>')] } });
      expect(noFooter.json().error.fields['design.blocks']).toMatch(/footer/);

      const dirty = await createTemplate({
        name: 'Sanitized',
        subject: 'Hi',
        design: design(
          text('<p onclick="steal()">Hi <img src=x onerror=alert(1)><script>bad()</script><a href="javascript:x()">link</a></p>'),
        ),
      });
      expect(dirty.statusCode, dirty.body).toBe(201);
      const stored = dirty.json().data;
      expect(stored.design.blocks[0].html).toBe('<p>Hi <a target="_blank" rel="noopener">link</a></p>');
      expect(stored.html).not.toMatch(/onclick|onerror|<script|javascript:/);
    });

    it('escapes values in the HTML but not in the text part; a test send reaches the outbox with the contact’s values', async () => {
      await t.app.db.withTenant(a.tenantId, (tx) =>
        tx.insert(marketingContacts).values({ tenantId: a.tenantId, name: '<script>alert(1)</script> Kumar', email: 'evil@example.com' }),
      );
      const created = await createTemplate({
        name: 'Escapes',
        subject: 'For {{ full_name }}',
        design: design(text('<p>Dear {{ full_name }}</p>')),
      });
      expect(created.statusCode, created.body).toBe(201);
      const sent = await v1('POST', `marketing/email-templates/${created.json().data.id}/test-send`, { to: 'evil@example.com' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data.subject).toBe('[Test] For <script>alert(1)</script> Kumar');

      const outbox = await v1('GET', 'ops/outbox?to=evil%40example.com');
      const [mail] = outbox.json().data;
      expect(mail).toMatchObject({ channel: 'email', to: 'evil@example.com', subject: '[Test] For <script>alert(1)</script> Kumar' });
      expect(mail.id).toBe(sent.json().data.outboxId);
      expect(mail.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt; Kumar');
      expect(mail.html).not.toContain('<script>alert(1)</script>');
      expect(mail.text).toContain('Dear <script>alert(1)</script> Kumar');
      // Built-in links are filled in (the sender will put the real ones).
      expect(mail.html).not.toContain('{{');
    });

    it('a test send of an unsaved draft uses the sample values; a bad address is refused', async () => {
      const sent = await v1('POST', 'marketing/email-templates/test-send', {
        to: 'me@atrium.example',
        subject: 'Draft for {{ first_name }}',
        design: design(text('<p>Hello {{ first_name }} from {{ business_name }}</p>')),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const [mail] = (await v1('GET', 'ops/outbox?to=me%40atrium.example')).json().data;
      expect(mail.subject).toBe('[Test] Draft for Priya');
      expect(mail.text).toContain('Hello Priya from [Business name]');
      const bad = await v1('POST', 'marketing/email-templates/test-send', {
        to: 'not-an-address',
        subject: 'x',
        design: design(text('<p>x</p>')),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.to).toEqual(expect.any(String));
    });

    it('previews a draft and a saved template with sample values, escaped, at no cost to the records', async () => {
      const preview = await v1('POST', 'marketing/email-templates/preview', {
        subject: 'Hi {{ first_name }}',
        preheader: 'For {{ first_name }}',
        design: design(text('<p>Hi {{ first_name }} {{ last_name }}</p>')),
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data).toMatchObject({ subject: 'Hi Priya', preheader: 'For Priya' });
      expect(preview.json().data.html).toContain('Hi Priya Raman');
      expect(preview.json().data.html).toContain('href="#unsubscribe"');
      const unknown = await v1('POST', 'marketing/email-templates/preview', { subject: 'x', design: design(text('<p>{{ shoe }}</p>')) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields['design.blocks.0.html']).toBe('Unknown variable: shoe');

      const saved = (await v1('GET', 'marketing/email-templates?q=Welcome')).json().data[0];
      const stored = await v1('GET', `marketing/email-templates/${saved.id}/preview`);
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json().data.html).toContain('Changed words for priya.raman@example.com');
      expect((await v1('GET', `marketing/email-templates/${saved.id}/preview`, undefined, b)).statusCode).toBe(404);
    });

    it('the library offers four starter layouts, and the complete one saves as it is', async () => {
      const library = await v1('GET', 'marketing/email-layouts');
      expect(library.statusCode, library.body).toBe(200);
      const layouts = library.json().data;
      expect(layouts.map((l: Json) => l.key)).toEqual(['layout-1', 'layout-2', 'layout-3', 'layout-4']);
      expect(layouts[0].preview.html).toContain('Hi Priya');
      const viaCompat = await compat('/templates/email/getEmailTemplates');
      expect(viaCompat.statusCode, viaCompat.body).toBe(200);
      expect(viaCompat.json().data.map((l: Json) => l.name)).toEqual(STARTER_LAYOUTS.map((l) => l.name));

      const [letter, showcase] = STARTER_LAYOUTS;
      const saved = await createTemplate({
        name: 'From layout 1',
        subject: letter.subject,
        preheader: letter.preheader,
        layout: letter.key,
        design: letter.design,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      // A layout with cards is finished by picking them: saved empty, the block is named.
      const unfinished = await createTemplate({
        name: 'From layout 2',
        subject: showcase.subject,
        layout: showcase.key,
        design: showcase.design,
      });
      expect(unfinished.json().error.fields['design.blocks.2.items']).toMatch(/^Block 3 \(cards\)/);
    });

    it('compat: createUserEmailTemplate saves and renders, getAllEmailTemplate lists', async () => {
      const created = await compat('/marcom/email/createUserEmailTemplate', {
        name: 'Old client',
        subject: 'Hello {{ first_name }}',
        design: design(text('<p>From an old client</p>')),
        templateHtml: 'ignored',
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data.html).toContain('From an old client');
      const unknown = await compat('/marcom/email/createUserEmailTemplate', {
        name: 'x',
        subject: '{{ nope }}',
        design: design(text('<p>x</p>')),
      });
      expect(unknown.statusCode).toBe(400);
      const listed = await compat('/marcom/email/getAllEmailTemplate', { search: 'Old client' });
      expect(listed.json().data.map((r: Json) => r.name)).toEqual(['Old client']);
      expect((await compat('/marcom/email/getAllEmailTemplate', { search: 'Old client' }, b)).json().data).toEqual([]);
    });

    it('a reader previews but neither saves nor test-sends; another community sees nothing', async () => {
      const reader = await signedInAdmin(t, a, { 'marketing-templates': 'read' });
      const draft = { subject: 'x', design: design(text('<p>x</p>')) };
      expect((await v1('POST', 'marketing/email-templates/preview', draft, reader)).statusCode).toBe(200);
      expect((await createTemplate({ name: 'x', ...draft }, reader)).statusCode).toBe(403);
      expect((await v1('POST', 'marketing/email-templates/test-send', { ...draft, to: 'r@example.com' }, reader)).statusCode).toBe(403);
      const list = (await v1('GET', 'marketing/email-templates?limit=200')).json().data;
      expect((await v1('GET', `marketing/email-templates/${list[0].id}`, undefined, b)).statusCode).toBe(404);
      expect((await v1('POST', `marketing/email-templates/${list[0].id}/test-send`, { to: 'x@example.com' }, b)).statusCode).toBe(404);
    });
  });

  describe('variables used by templates', () => {
    const declare = async (name: string, as: TestCommunity = a) => {
      const res = await v1('POST', 'marketing/variables', { name, label: name, source: 'constant', defaultValue: 'x' }, as);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };

    it('refuses deleting or renaming a variable a template of any channel uses (409 naming the templates), until none does', async () => {
      const coupon = await declare('coupon_code');
      const email = await createTemplate({ name: 'Coupon mail', subject: 'Your {{ coupon_code }}', design: design(text('<p>Hi</p>')) });
      expect(email.statusCode, email.body).toBe(201);
      const sms = await v1('POST', 'marketing/sms-templates', {
        name: 'Coupon SMS',
        body: 'Use {% if coupon_code %}{{ coupon_code }}{% endif %}',
      });
      expect(sms.statusCode, sms.body).toBe(201);
      // A mention in plain text is not a use.
      const plain = await v1('POST', 'marketing/sms-templates', { name: 'Plain', body: 'Ask about the coupon_code offer' });
      expect(plain.statusCode, plain.body).toBe(201);
      const push = await v1('POST', 'marketing/push-templates', {
        name: 'Coupon push',
        title: 'Sale',
        body: 'Code {{ coupon_code | upcase }}',
      });
      expect(push.statusCode, push.body).toBe(201);
      const whatsapp = await v1('POST', 'marketing/whatsapp-templates', {
        name: 'coupon_offer',
        category: 'marketing',
        language: 'en',
        body: 'Your code is {{1}}',
        variableMap: { '1': 'coupon_code' },
      });
      expect(whatsapp.statusCode, whatsapp.body).toBe(201);

      const refused = await v1('DELETE', `marketing/variables/${coupon}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('conflict');
      const message = refused.json().error.message as string;
      for (const name of [
        'email template “Coupon mail”',
        'SMS template “Coupon SMS”',
        'push template “Coupon push”',
        'WhatsApp template “coupon_offer” (en)',
      ])
        expect(message).toContain(name);
      expect(message).not.toContain('Plain');
      expect(message).toMatch(/^The variable coupon_code cannot be deleted: 4 templates use it/);
      const renamed = await v1('PATCH', `marketing/variables/${coupon}`, { name: 'voucher_code' });
      expect(renamed.statusCode).toBe(409);
      expect(renamed.json().error.message).toMatch(/cannot be renamed/);
      // Other changes are fine.
      expect((await v1('PATCH', `marketing/variables/${coupon}`, { label: 'Coupon', defaultValue: 'WELCOME' })).statusCode).toBe(200);
      // A bulk delete is held the same way, and deletes nothing.
      const bulk = await v1('POST', 'marketing/variables/bulk-delete', { ids: [coupon] });
      expect(bulk.statusCode).toBe(409);
      expect(bulk.json().error.code).toBe('conflict');
      expect((await v1('GET', `marketing/variables/${coupon}`)).json().data).toMatchObject({ name: 'coupon_code', label: 'Coupon' });

      // Take it out of each template: the last one left is still named, then the delete goes through.
      expect((await v1('DELETE', `marketing/email-templates/${email.json().data.id}`)).statusCode).toBe(204);
      expect((await v1('PATCH', `marketing/sms-templates/${sms.json().data.id}`, { body: 'No code today' })).statusCode).toBe(200);
      expect((await v1('DELETE', `marketing/push-templates/${push.json().data.id}`)).statusCode).toBe(204);
      const one = await v1('DELETE', `marketing/variables/${coupon}`);
      expect(one.statusCode).toBe(409);
      expect(one.json().error.message).toMatch(/a template uses it \(WhatsApp template “coupon_offer” \(en\)\)/);
      expect((await v1('DELETE', `marketing/whatsapp-templates/${whatsapp.json().data.id}`)).statusCode).toBe(204);
      expect((await v1('DELETE', `marketing/variables/${coupon}`)).statusCode).toBe(204);
    });

    it('lets a variable go that only another community uses, and a declaration over a standard name (the standard one fills in)', async () => {
      const mine = await declare('member_since');
      await declare('member_since', b);
      expect((await v1('POST', 'marketing/sms-templates', { name: 'Tier', body: 'Since {{ member_since }}' }, b)).statusCode).toBe(201);
      expect((await v1('DELETE', `marketing/variables/${mine}`)).statusCode).toBe(204);

      const c = await t.signup();
      const firstName = await v1(
        'POST',
        'marketing/variables',
        { name: 'first_name', label: 'Given name', source: 'contact', path: 'first_name', defaultValue: 'friend' },
        c,
      );
      expect(firstName.statusCode, firstName.body).toBe(201);
      expect((await v1('POST', 'marketing/sms-templates', { name: 'Hello', body: 'Hello {{ first_name }}' }, c)).statusCode).toBe(201);
      expect((await v1('DELETE', `marketing/variables/${firstName.json().data.id}`, undefined, c)).statusCode).toBe(204);
      // The template still saves: the standard first_name fills the tag.
      expect((await v1('POST', 'marketing/sms-templates', { name: 'Hello again', body: 'Hi {{ first_name }}' }, c)).statusCode).toBe(201);
    });
  });
});
