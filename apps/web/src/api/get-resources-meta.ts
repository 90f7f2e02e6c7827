import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

/** A JSON Schema as the server describes fields (draft 2020-12, from zod). */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
  title?: string;
  minItems?: number;
  maxItems?: number;
}

export type Widget =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'number'
  | 'money'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'switch'
  | 'select'
  | 'relation'
  | 'image'
  | 'file'
  | 'color'
  | 'email'
  | 'url'
  | 'password'
  | 'tags'
  | 'json';

/** A field that references records of another resource (a foreign key, or a list of ids). */
export interface RelationUi {
  /** The related resource's path (null when no resource serves its table). */
  resource: string | null;
  many: boolean;
  onDelete: 'restrict' | 'cascade' | 'set null';
  /** Its name in `?expand=` and in a row's `expanded`. */
  expand: string;
}

export interface FieldUi {
  label?: string;
  widget?: Widget;
  type?: 'relation';
  relation?: RelationUi;
  help?: string;
  /** A file field whose files are private (readable only with the record): uploads go private. */
  private?: boolean;
  /** Enum values with the labels people read, and a badge colour by meaning. */
  options?: { value: string; label: string; color?: string }[];
  /** Money kept in minor units of its currency (cents): shown and typed as the amount people read. */
  minorUnits?: boolean;
  /** Money: the record's field holding its currency; otherwise the community's. */
  currencyField?: string;
  /** Money: the currency of a settings resource's record (`commerce/settings#currency`); otherwise the community's. */
  currencyFrom?: string;
  /** A number stored scaled: shown as value ÷ scale (a percentage kept in ppm has scale 10000). */
  scale?: number;
}

/** One resource as GET /api/v1/meta/resources describes it. */
export interface ResourceMeta {
  name: string;
  path: string;
  module: string;
  label: { singular: string; plural: string };
  /** The record as read (output). */
  fields: JsonSchema;
  /** The body of a create (an update takes any subset). */
  input: JsonSchema;
  ui: {
    title: string;
    columns: string[];
    fields: Record<string, FieldUi>;
    status?: { field: string; tabs?: string[] };
    /** Fields that can be set on many records at once (PATCH /api/v1/<path>). */
    bulkEdit?: string[];
    /** The fields a change may set when the resource keeps the others as created (what a visitor sent); null = all. */
    editable?: string[] | null;
  };
  list: { search: string[]; filters: string[]; sort: string[]; defaultSort: string; maxLimit: number };
  operations: { create: boolean; update: boolean; delete: boolean };
  permissions: { read: boolean; write: boolean };
}

export const getResourcesMeta = () => request<{ data: ResourceMeta[] }>('GET', '/api/v1/meta/resources').then((r) => r.data);

export const resourcesMetaQuery = () => queryOptions({ queryKey: ['meta', 'resources'], queryFn: getResourcesMeta, staleTime: 5 * 60_000 });

export const useResourcesMeta = () => useQuery(resourcesMetaQuery());

/** The metadata of one resource; undefined while loading or when the caller may not read it. */
export function useResourceMeta(path: string) {
  const query = useResourcesMeta();
  return { ...query, meta: query.data?.find((r) => r.path === path) };
}
