import { describe, expect, it } from 'vitest';
import { bodyOf, initialValues } from '../src/kit/resource-form';
import { displayText, fromFormValue, humanize, inputFields, toFormValue, unwrapNullable, validateValue } from '../src/kit/schema';
import { adminsMeta, project, projectsMeta } from './fixtures';

describe('schema helpers', () => {
  it('unwraps nullable unions', () => {
    expect(unwrapNullable({ anyOf: [{ anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] }, { type: 'null' }] })).toEqual({
      schema: { type: 'string', format: 'uuid' },
      nullable: true,
    });
    expect(unwrapNullable({ type: ['string', 'null'] })).toEqual({ schema: { type: 'string' }, nullable: true });
  });

  it('edits an object of strings (meta tags) as name → value rows, stored as the object', async () => {
    const { servedMeta } = await import('./meta-fixture');
    const products = servedMeta.find((m) => m.path === 'commerce/products')!;
    const field = inputFields(products).find((f) => f.key === 'seoMeta')!;
    expect(field.kind).toBe('pairs');
    const rows = toFormValue(field, { robots: 'noindex', 'og:type': 'product' });
    expect(rows).toEqual([
      { name: 'robots', value: 'noindex' },
      { name: 'og:type', value: 'product' },
    ]);
    // An empty row is dropped; no rows is an empty object.
    expect(fromFormValue(field, [...(rows as object[]), { name: ' ', value: '' }])).toEqual({ robots: 'noindex', 'og:type': 'product' });
    expect(fromFormValue(field, [])).toEqual({});
    expect(validateValue(field, [{ name: '', value: 'x' }], 'update')).toBe('Give each value its name');
    expect(
      validateValue(
        field,
        [
          { name: 'robots', value: 'a' },
          { name: 'robots', value: 'b' },
        ],
        'update',
      ),
    ).toBe('Each name only once');
    expect(validateValue(field, rows, 'update')).toBeNull();
    expect(displayText(field, { robots: 'noindex' })).toBe('robots: noindex');
  });

  it('names fields for people', () => {
    expect(humanize('createdAt')).toBe('Created at');
    expect(humanize('roleId')).toBe('Role');
    expect(humanize('logoUrl')).toBe('Logo URL');
  });

  it('picks the input per type and widget', () => {
    const kinds = Object.fromEntries(inputFields(adminsMeta).map((f) => [f.key, f.kind]));
    expect(kinds).toEqual({
      email: 'email',
      name: 'text',
      phone: 'text',
      roleId: 'relation',
      status: 'select',
      theme: 'select',
      password: 'password',
      score: 'integer',
      notes: 'richtext',
      avatar: 'image',
      active: 'switch',
    });
  });

  it('validates from the JSON Schema', () => {
    const fields = Object.fromEntries(inputFields(adminsMeta).map((f) => [f.key, f]));
    expect(validateValue(fields.name, '', 'create')).toBe('Name is required');
    expect(validateValue(fields.name, '', 'update')).toBe('Name is required');
    expect(validateValue(fields.phone, '', 'create')).toBeNull();
    expect(validateValue(fields.email, 'nope', 'create')).toBe('Enter a valid email address');
    expect(validateValue(fields.password, 'short', 'create')).toBe('Use at least 8 characters');
    expect(validateValue(fields.score, 3.5, 'create')).toBe('Use a whole number');
    expect(validateValue(fields.score, 101, 'create')).toBe('At most 100');
  });

  it('sends every set field on create and only the changes on update', () => {
    const fields = inputFields(adminsMeta);
    const empty = initialValues(fields, null);
    expect(bodyOf(fields, { ...empty, email: 'a@b.co', name: 'Ann', phone: '' }, empty, 'create')).toEqual({
      email: 'a@b.co',
      name: 'Ann',
      active: false,
    });
    const record = {
      id: '1',
      email: 'a@b.co',
      name: 'Ann',
      phone: '+1',
      roleId: null,
      status: 'active',
      theme: 'light',
      score: 3,
      notes: '',
      avatar: null,
      active: true,
    };
    const initial = initialValues(fields, record);
    expect(bodyOf(fields, { ...initial, phone: '', score: 4 }, initial, 'update')).toEqual({ phone: null, score: 4 });
  });
});

describe('image objects and many-to-many relations', () => {
  const fields = Object.fromEntries(inputFields(projectsMeta).map((f) => [f.key, f]));

  it('tells image objects, galleries, URL images and lists of ids apart', () => {
    expect(Object.fromEntries(inputFields(projectsMeta).map((f) => [f.key, [f.kind, Boolean(f.imageObject)]]))).toMatchObject({
      title: ['text', false],
      coverImage: ['image', true],
      images: ['gallery', false],
      productIds: ['relations', false],
      logoUrl: ['image', false],
    });
    // A relation without a widget is a relation too; its resource and expand name come from meta.
    const relation = { resource: 'site/products', many: true, onDelete: 'set null', expand: 'products' } as const;
    const bare = { ...projectsMeta, ui: { ...projectsMeta.ui, fields: { productIds: { type: 'relation' as const, relation } } } };
    expect(inputFields(bare).find((f) => f.key === 'productIds')).toMatchObject({
      kind: 'relations',
      ref: 'site/products',
      expand: 'products',
    });
  });

  it('keeps the object shape of images in the form and in the body', () => {
    expect(toFormValue(fields.coverImage, project.coverImage)).toEqual(project.coverImage);
    expect(toFormValue(fields.coverImage, null)).toBeNull();
    // The JSON text of an image (the site screens hand records over so) and a bare URL are read as images.
    expect(toFormValue(fields.coverImage, JSON.stringify(project.coverImage))).toEqual(project.coverImage);
    expect(toFormValue(fields.coverImage, '/files/a.png')).toEqual({ url: '/files/a.png', alt: '' });
    expect(toFormValue(fields.images, project.images)).toEqual(project.images);
    expect(toFormValue(fields.images, JSON.stringify(project.images))).toEqual(project.images);
    expect(toFormValue(fields.images, undefined)).toEqual([]);
    expect(toFormValue(fields.logoUrl, '/files/logo.png')).toBe('/files/logo.png');
    expect(toFormValue(fields.productIds, ['p1', 'p2'])).toEqual(['p1', 'p2']);

    expect(fromFormValue(fields.coverImage, null)).toBeNull();
    expect(fromFormValue(fields.coverImage, '')).toBeNull();
    expect(fromFormValue(fields.coverImage, { url: '/x.png', alt: 'X' })).toEqual({ url: '/x.png', alt: 'X' });
    expect(fromFormValue(fields.images, [])).toEqual([]);
    expect(fromFormValue(fields.logoUrl, '')).toBeNull();
  });

  it('sends only the changed image and relation fields', () => {
    const list = inputFields(projectsMeta);
    const initial = initialValues(list, project);
    expect(bodyOf(list, initial, initial, 'update')).toEqual({});
    const images = [project.images[1], { ...project.images[0], alt: 'Main lobby' }];
    expect(bodyOf(list, { ...initial, images, productIds: ['p1', 'p3'] }, initial, 'update')).toEqual({
      images,
      productIds: ['p1', 'p3'],
    });
    expect(bodyOf(list, { ...initial, coverImage: null }, initial, 'update')).toEqual({ coverImage: null });
  });

  it('validates the size of galleries and lists of ids, and shows images as their URLs', () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ url: `/i${i}.png`, alt: '' }));
    expect(validateValue(fields.images, many, 'create')).toBe('At most 100 items');
    expect(validateValue(fields.images, project.images, 'create')).toBeNull();
    expect(validateValue(fields.coverImage, project.coverImage, 'create')).toBeNull();
    expect(validateValue(fields.productIds, ['p1'], 'create')).toBeNull();
    expect(displayText(fields.coverImage, project.coverImage)).toBe('https://img.example/marina.jpg');
    expect(displayText(fields.images, project.images)).toBe('https://img.example/lobby.jpg, https://img.example/balcony.jpg');
  });
});

describe('scaled numbers: money in minor units and percentages in ppm', () => {
  const couponMeta = {
    ...adminsMeta,
    path: 'shop/coupons',
    fields: {
      type: 'object',
      properties: {
        amount: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
        ratePpm: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      },
    },
    input: {
      type: 'object',
      properties: {
        amount: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
        ratePpm: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      },
    },
    ui: {
      ...adminsMeta.ui,
      fields: { amount: { widget: 'money', minorUnits: true }, ratePpm: { widget: 'percent', scale: 10_000 } },
    },
  } as typeof adminsMeta;
  const byKey = (currency: string) => Object.fromEntries(inputFields(couponMeta, currency).map((f) => [f.key, f]));

  it('shows and takes the amount people read, converting with the currency digits', () => {
    const eur = byKey('EUR');
    expect(eur.amount.scale).toBe(100);
    expect(toFormValue(eur.amount, 50_000)).toBe(500);
    expect(fromFormValue(eur.amount, 12.5)).toBe(1250);
    expect(fromFormValue(eur.amount, 0.1 + 0.2)).toBe(30);
    expect(displayText(eur.amount, 123_456)).toBe('1234.56');
    const yen = byKey('JPY');
    expect(yen.amount.scale ?? 1).toBe(1);
    expect(toFormValue(yen.amount, 500)).toBe(500);
    expect(displayText(yen.amount, 500)).toBe('500');
  });

  it('shows a ppm rate as a percentage, validating against the bounds in shown units', () => {
    const rate = byKey('EUR').ratePpm;
    expect(toFormValue(rate, 125_000)).toBe(12.5);
    expect(fromFormValue(rate, 12.5)).toBe(125_000);
    expect(displayText(rate, 100_000)).toBe('10 %');
    expect(validateValue(rate, 100, 'create')).toBeNull();
    expect(validateValue(rate, 101, 'create')).toBe('At most 100');
  });
});
