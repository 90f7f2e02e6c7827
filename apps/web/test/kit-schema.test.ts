import { describe, expect, it } from 'vitest';
import { toCsv } from '../src/kit/csv';
import { bodyOf, initialValues } from '../src/kit/resource-form';
import { humanize, inputFields, unwrapNullable, validateValue } from '../src/kit/schema';
import { adminsMeta } from './fixtures';

describe('schema helpers', () => {
  it('unwraps nullable unions', () => {
    expect(unwrapNullable({ anyOf: [{ anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] }, { type: 'null' }] })).toEqual({
      schema: { type: 'string', format: 'uuid' },
      nullable: true,
    });
    expect(unwrapNullable({ type: ['string', 'null'] })).toEqual({ schema: { type: 'string' }, nullable: true });
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

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=1+1', 'plain'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=1+1,plain');
  });
});
