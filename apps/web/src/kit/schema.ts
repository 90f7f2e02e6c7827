import type { FieldUi, JsonSchema, ResourceMeta, Widget } from '../api/get-resources-meta';
import { codeName, isCodeKind } from './codes';
import { currencyDigits } from './money';

/**
 * How a field is edited and shown: the JSON type alone cannot say "rich text" or "money".
 * `gallery` is a list of image objects; `relations` a list of ids of another resource's records.
 */
export type FieldKind = Widget | 'integer' | 'multiselect' | 'gallery' | 'relations' | 'pairs';

/** A row of a `pairs` field's input: one name → value of an object of strings (meta tags). */
export interface PairRow {
  name: string;
  value: string;
}

/** An object whose values are all strings (`{ [name]: string }`): edited as name → value rows, not JSON. */
const isStringMap = (schema: JsonSchema) => {
  const extra = (schema as { additionalProperties?: JsonSchema | boolean }).additionalProperties;
  return !schema.properties && typeof extra === 'object' && unwrapNullable(extra).schema.type === 'string';
};

/** An image as the website stores it: `{ url, alt, thumbnailUrl? }`. */
export interface ImageValue {
  url: string;
  alt: string;
  thumbnailUrl?: string;
  width?: number;
  height?: number;
}

export interface FieldDef {
  key: string;
  label: string;
  kind: FieldKind;
  schema: JsonSchema;
  nullable: boolean;
  required: boolean;
  options?: string[];
  /** Each option's label and colour (declared by the resource, else the value humanised: in_progress → "In progress"). */
  optionLabels?: Record<string, { label: string; color?: string }>;
  /** For relations: the related resource's path, and the relation's name in `?expand=`. */
  ref?: string;
  expand?: string;
  help?: string;
  /** A file field whose files are private: uploaded privately, opened with the session. */
  private?: boolean;
  /** For `image`: the value is an image object (`{ url, alt, … }`), not a URL string. */
  imageObject?: boolean;
  /**
   * A number stored scaled: the form and the screen show value ÷ scale. Declared (`ui.scale`), or for
   * money kept in minor units, 10^digits of the currency (100 for cents, 1 for JPY).
   */
  scale?: number;
  /** Money kept in minor units; with `currencyField`, each record says its currency. */
  minorUnits?: boolean;
  currencyField?: string;
  /** Money: the currency its amounts are shown in (fixed when the fields are made for a record or the community). */
  currency?: string;
}

/** The scale of a field for a currency: minor-unit money converts with the currency's digits. */
export function scaleFor(field: FieldDef, currency: string | undefined): number {
  if (field.kind === 'money' && field.minorUnits) return 10 ** currencyDigits(currency ?? 'USD');
  return field.scale ?? 1;
}

/** Stored → shown (÷ scale); shown → stored (× scale, rounded to a whole stored unit when scaled). */
const unscale = (value: number, scale: number) => (scale === 1 ? value : value / scale);
const rescale = (value: number, scale: number) => (scale === 1 ? value : Math.round(value * scale));

/** `{ anyOf: [X, { type: 'null' }] }` (nested too) → X, and whether null is allowed. */
export function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  let current = schema;
  let nullable = false;
  for (let i = 0; i < 5; i++) {
    const variants = current.anyOf ?? current.oneOf;
    if (variants) {
      const rest = variants.filter((v) => v.type !== 'null');
      if (rest.length < variants.length) nullable = true;
      if (rest.length === 1) {
        current = rest[0];
        continue;
      }
      break;
    }
    if (Array.isArray(current.type)) {
      const types = current.type.filter((t) => t !== 'null');
      if (types.length < current.type.length) nullable = true;
      current = { ...current, type: types.length === 1 ? types[0] : types };
    }
    break;
  }
  return { schema: current, nullable };
}

/** createdAt → "Created at", roleId → "Role". */
export function humanize(key: string): string {
  const words = key
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  const text = words.replace(/\burl\b/g, 'URL').replace(/\bhttp\b/g, 'HTTP');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A JSON Schema of an image object: an object with a `url` property. */
export function isImageObjectSchema(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const s = unwrapNullable(schema).schema;
  return s.type === 'object' && Boolean(s.properties?.url);
}

/** A JSON Schema of a list of image objects. */
export function isImageListSchema(schema: JsonSchema): boolean {
  return schema.type === 'array' && isImageObjectSchema(schema.items);
}

const isStringList = (schema: JsonSchema) => schema.type === 'array' && unwrapNullable(schema.items ?? {}).schema.type === 'string';

export function kindOf(schema: JsonSchema, ui: FieldUi | undefined, key: string): FieldKind {
  if (ui?.type === 'relation' && ui.relation) {
    if (ui.relation.many && isStringList(schema)) return 'relations';
    if (!ui.relation.many && schema.type === 'string') return 'relation';
  }
  if (ui?.widget) {
    if (ui.widget === 'select' && schema.type === 'array') return 'multiselect';
    if (ui.widget === 'image' && isImageListSchema(schema)) return 'gallery';
    return ui.widget;
  }
  if (schema.enum) return 'select';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'boolean':
      return 'switch';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'array':
      return schema.items?.enum ? 'multiselect' : schema.items?.type === 'string' ? 'tags' : 'json';
    case 'object':
      return isStringMap(schema) ? 'pairs' : 'json';
    case 'string':
      if (schema.format === 'date-time') return 'datetime';
      if (schema.format === 'date') return 'date';
      if (schema.format === 'email') return 'email';
      if (schema.format === 'uri' || schema.format === 'url') return 'url';
      if (/password/i.test(key)) return 'password';
      if (/colou?r$/i.test(key) && schema.pattern?.includes('#')) return 'color';
      if ((schema.maxLength ?? 0) > 500 && schema.maxLength !== 100000) return 'textarea';
      return 'text';
    default:
      return 'json';
  }
}

function fieldDef(meta: ResourceMeta, key: string, raw: JsonSchema, required: boolean): FieldDef {
  const { schema, nullable } = unwrapNullable(raw);
  const ui = meta.ui.fields[key];
  const kind = kindOf(schema, ui, key);
  const options = (schema.enum ?? schema.items?.enum)?.map(String);
  const def: FieldDef = { key, label: ui?.label ?? humanize(key), kind, schema, nullable, required, options, help: ui?.help };
  if (ui?.relation) {
    def.ref = ui.relation.resource ?? undefined;
    def.expand = ui.relation.expand;
  }
  if (ui?.private) def.private = true;
  if (ui?.scale) def.scale = ui.scale;
  if (ui?.minorUnits) def.minorUnits = true;
  if (ui?.currencyField) def.currencyField = ui.currencyField;
  if (options) {
    const declared = new Map((ui?.options ?? []).map((o) => [o.value, o]));
    def.optionLabels = Object.fromEntries(
      options.map((o) => [o, { label: declared.get(o)?.label ?? humanize(o), color: declared.get(o)?.color }]),
    );
  }
  if (kind === 'image' && isImageObjectSchema(schema)) def.imageObject = true;
  return def;
}

/**
 * Reads what an image field holds as an image object: an object with a URL, its JSON text, or a bare URL.
 * Null when there is no image.
 */
export function toImage(value: unknown): ImageValue | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('{')) {
      try {
        return toImage(JSON.parse(text));
      } catch {
        return null;
      }
    }
    return { url: text, alt: '' };
  }
  if (typeof value === 'object' && !Array.isArray(value) && typeof (value as ImageValue).url === 'string') {
    const image = value as ImageValue;
    return { ...image, alt: typeof image.alt === 'string' ? image.alt : '' };
  }
  return null;
}

/** The images of a gallery field (a list, or its JSON text); anything that is not an image is dropped. */
export function toImages(value: unknown): ImageValue[] {
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      return toImages(JSON.parse(value));
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.map(toImage).filter((i): i is ImageValue => i !== null);
}

/** The fields a form edits: the create body's properties, in the server's order. */
export function inputFields(meta: ResourceMeta, currency?: string): FieldDef[] {
  const props = meta.input.properties ?? {};
  const required = new Set(meta.input.required ?? []);
  return Object.entries(props).map(([key, schema]) => withScale(fieldDef(meta, key, schema, required.has(key)), currency));
}

/** The fields of a record as read (for columns, filters, display). */
export function outputFields(meta: ResourceMeta, currency?: string): FieldDef[] {
  const props = meta.fields.properties ?? {};
  return Object.entries(props).map(([key, schema]) => withScale(fieldDef(meta, key, schema, false), currency));
}

/** Fixes a field's scale for the currency its amounts are shown in (the community's, for forms and details). */
function withScale(def: FieldDef, currency: string | undefined): FieldDef {
  const scale = scaleFor(def, currency);
  const withCurrency = def.kind === 'money' && currency ? { ...def, currency } : def;
  return scale === 1 ? withCurrency : { ...withCurrency, scale };
}

/** The currency a record's money is in: its own (`currencyField`) when the resource declares one, else `fallback`. */
export function recordCurrency(meta: ResourceMeta, record: Record<string, unknown> | null | undefined, fallback: string): string {
  const field = Object.values(meta.ui.fields).find((f) => f.currencyField)?.currencyField;
  const own = field && record ? record[field] : undefined;
  return typeof own === 'string' && own ? own : fallback;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side validation from the JSON Schema (the server validates again). Null when valid. */
export function validateValue(field: FieldDef, value: unknown, mode: 'create' | 'update'): string | null {
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0 && field.required);
  if (empty) {
    if (field.required && mode === 'create' && field.kind !== 'switch') return `${field.label} is required`;
    if (field.required && mode === 'update' && value === '') return `${field.label} is required`;
    return null;
  }
  const s = field.schema;
  if (field.kind === 'pairs' && Array.isArray(value)) {
    const names = (value as PairRow[]).map((r) => r.name.trim());
    if ((value as PairRow[]).some((r) => r.name.trim() === '' && r.value.trim() !== '')) return 'Give each value its name';
    if (new Set(names.filter(Boolean)).size !== names.filter(Boolean).length) return 'Each name only once';
    return null;
  }
  if (typeof value === 'string') {
    if (field.kind === 'json') {
      try {
        JSON.parse(value);
      } catch {
        return 'Not valid JSON';
      }
      return null;
    }
    if (s.minLength !== undefined && value.length < s.minLength) {
      return s.minLength === 1 ? `${field.label} is required` : `Use at least ${s.minLength} characters`;
    }
    if (s.maxLength !== undefined && value.length > s.maxLength) return `Use at most ${s.maxLength} characters`;
    if ((field.kind === 'email' || s.format === 'email') && !EMAIL.test(value)) return 'Enter a valid email address';
    if (field.kind === 'url' && !/^(https?:\/\/|\/)/i.test(value)) return 'Enter a web address starting with https://';
    if (s.pattern && field.kind !== 'relation' && s.format !== 'uuid') {
      try {
        if (!new RegExp(s.pattern).test(value))
          return field.kind === 'color' ? 'Use a colour like #cd3197' : 'This value has the wrong format';
      } catch {}
    }
    if (field.options && field.kind === 'select' && !field.options.includes(value)) return `Choose one of ${field.options.join(', ')}`;
  }
  if (typeof value === 'number') {
    if (field.kind === 'integer' && !Number.isInteger(value)) return 'Use a whole number';
    if (field.kind === 'money' && value < 0) return `${field.label} cannot be negative`;
    // The schema's bounds are in stored units; the form holds shown ones.
    const scale = field.scale ?? 1;
    const minimum = s.minimum === undefined ? undefined : unscale(s.minimum, scale);
    const maximum = s.maximum === undefined ? undefined : unscale(s.maximum, scale);
    const exclusiveMinimum = s.exclusiveMinimum === undefined ? undefined : unscale(s.exclusiveMinimum, scale);
    if (minimum !== undefined && value < minimum) return minimum === 0 ? `${field.label} cannot be negative` : `At least ${minimum}`;
    if (maximum !== undefined && value > maximum) return `At most ${maximum}`;
    if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) return `More than ${exclusiveMinimum}`;
  }
  if (Array.isArray(value) && s.maxItems !== undefined && value.length > s.maxItems) return `At most ${s.maxItems} items`;
  return null;
}

/** A record's value as the form holds it (inputs are controlled: no undefined). */
export function toFormValue(field: FieldDef, value: unknown): unknown {
  switch (field.kind) {
    case 'switch':
      return Boolean(value ?? field.schema.default ?? false);
    case 'number':
    case 'integer':
    case 'money':
    case 'percent':
      return typeof value === 'number' ? unscale(value, field.scale ?? 1) : value == null ? '' : Number(value);
    case 'tags':
    case 'multiselect':
    case 'relations':
      return Array.isArray(value) ? value.map(String) : [];
    case 'gallery':
      return toImages(value);
    case 'image':
      if (field.imageObject) return toImage(value);
      // A URL field: an image object (should one be stored) keeps only its URL.
      if (value != null && typeof value === 'object') return toImage(value)?.url ?? '';
      return value == null ? '' : String(value);
    case 'json':
      return value == null ? '' : JSON.stringify(value, null, 2);
    case 'pairs':
      return value != null && typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>).map(([name, v]): PairRow => ({ name, value: String(v ?? '') }))
        : [];
    case 'date':
    case 'datetime':
      return value ? String(value) : null;
    case 'select':
      return value == null ? (field.schema.default != null ? String(field.schema.default) : null) : String(value);
    case 'relation':
      return value == null ? null : String(value);
    default:
      return value == null ? '' : String(value);
  }
}

/** The form's value as the API takes it; undefined = leave out. */
export function fromFormValue(field: FieldDef, value: unknown): unknown {
  const emptyValue = field.nullable ? null : undefined;
  switch (field.kind) {
    case 'switch':
      return Boolean(value);
    case 'number':
    case 'integer':
    case 'money':
    case 'percent':
      return value === '' || value == null ? emptyValue : rescale(Number(value), field.scale ?? 1);
    case 'json':
      return value === '' || value == null ? emptyValue : JSON.parse(String(value));
    case 'pairs': {
      const rows = (Array.isArray(value) ? (value as PairRow[]) : []).filter((r) => r.name.trim() !== '');
      if (rows.length === 0) return field.nullable ? null : {};
      return Object.fromEntries(rows.map((r) => [r.name.trim(), r.value]));
    }
    case 'tags':
    case 'multiselect':
    case 'relations':
      return value;
    case 'gallery':
      return toImages(value);
    case 'image':
      if (field.imageObject) {
        const image = toImage(value);
        return image ? image : emptyValue;
      }
      return value === '' || value == null ? emptyValue : value;
    case 'date':
      return value ? String(value).slice(0, 10) : emptyValue;
    case 'datetime':
      return value ? new Date(String(value)).toISOString() : emptyValue;
    default:
      return value === '' || value == null ? emptyValue : value;
  }
}

/** A value for a table cell or CSV (plain text). */
/** An enum value as people read it ("In progress"), never as stored. */
export function optionLabel(field: FieldDef | undefined, value: unknown): string {
  return field?.optionLabels?.[String(value)]?.label ?? String(value);
}

/** The `{ value, label }` choices of an enum field, for selects and filters. */
export function optionData(field: FieldDef): { value: string; label: string }[] {
  return (field.options ?? []).map((o) => ({ value: o, label: optionLabel(field, o) }));
}

export function displayText(field: FieldDef | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field?.optionLabels) return Array.isArray(value) ? value.map((v) => optionLabel(field, v)).join(', ') : optionLabel(field, value);
  if (field && isCodeKind(field.kind) && typeof value === 'string') return codeName(field.kind, value);
  if (field?.kind === 'datetime') {
    const d = new Date(String(value));
    return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString();
  }
  if (field?.kind === 'date') return String(value).slice(0, 10);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field?.kind === 'image' && typeof value === 'object') return toImage(value)?.url ?? '';
  if (field?.kind === 'gallery')
    return toImages(value)
      .map((i) => i.url)
      .join(', ');
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (field?.kind === 'pairs' && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([name, v]) => `${name}: ${String(v)}`)
      .join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (field?.kind === 'money' && typeof value === 'number')
    return unscale(value, field.scale ?? 1).toFixed(currencyDigits(field.currency ?? 'USD'));
  if (field?.kind === 'percent' && typeof value === 'number') return `${unscale(value, field.scale ?? 1)} %`;
  if (field?.kind === 'richtext')
    return String(value)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return String(value);
}

/** The field holding a record's status: declared by the resource (`ui.status.field`), else a field named `status`. */
export function statusFieldOf(meta: ResourceMeta): string {
  return (meta.ui as { status?: { field?: string } }).status?.field ?? 'status';
}
