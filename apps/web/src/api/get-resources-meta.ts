import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import type { components } from './schema';

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

/** One resource as GET /api/v1/meta/resources describes it (server: kernel/resources/meta-schema.ts); its field schemas read as JSON Schemas. */
export type ResourceMeta = Omit<components['schemas']['ResourceMeta'], 'fields' | 'input'> & {
  /** The record as read (output). */
  fields: JsonSchema;
  /** The body of a create (an update takes any subset). */
  input: JsonSchema;
};

export type FieldUi = components['schemas']['FieldUi'];

export type Widget = NonNullable<FieldUi['widget']>;

/** A field that references records of another resource (a foreign key, or a list of ids). */
export type RelationUi = NonNullable<FieldUi['relation']>;

export const getResourcesMeta = () => request<{ data: ResourceMeta[] }>('GET', '/api/v1/meta/resources').then((r) => r.data);

export const resourcesMetaQuery = () => queryOptions({ queryKey: ['meta', 'resources'], queryFn: getResourcesMeta, staleTime: 5 * 60_000 });

export const useResourcesMeta = () => useQuery(resourcesMetaQuery());

/** The metadata of one resource; undefined while loading or when the caller may not read it. */
export function useResourceMeta(path: string) {
  const query = useResourcesMeta();
  return { ...query, meta: query.data?.find((r) => r.path === path) };
}
