import fastJson from 'fast-json-stringify';
import type { z } from 'zod';
import { toJsonSchema } from './schemas';

type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  required?: string[];
};

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * A response serialiser compiled from the route's zod response schema with fast-json-stringify
 * (fastify-type-provider-zod 7 serialises with zod's encode and JSON.stringify, a second validation
 * pass per response). The JSON Schema is the OpenAPI one, reduced to what fast-json-stringify
 * writes fastest and exactly like JSON.stringify: objects by their properties, arrays by their
 * items, strings (Dates as ISO date-time), numbers, booleans (each nullable where zod says so);
 * anything else (jsonb, unions, nullable objects) is written by JSON.stringify. Integers are written as numbers
 * (fast-json-stringify would truncate a fraction) and every object keeps properties beyond its
 * schema, as JSON.stringify would. test/serializer.test.ts compares it with JSON.stringify.
 */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJson(reduce(toJsonSchema(schema, 'output') as JsonSchema) as never) as (data: unknown) => string;
}

function reduce(schema: JsonSchema): JsonSchema {
  const nullable = nullableOf(schema);
  if (nullable) {
    // A nullable primitive; a nullable object or array is left to JSON.stringify.
    const inner = reduce(nullable);
    if (typeof inner.type !== 'string' || !PRIMITIVES.has(inner.type)) return {};
    return { ...inner, type: [inner.type, 'null'] };
  }
  const type = typeof schema.type === 'string' ? schema.type : undefined;
  if (type === 'object' && schema.properties) {
    const properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, reduce(v)]));
    return { type: 'object', properties, additionalProperties: true };
  }
  if (type === 'array' && schema.items && !Array.isArray(schema.items)) {
    return { type: 'array', items: reduce(schema.items) };
  }
  if (type === 'string') return schema.format === 'date-time' ? { type: 'string', format: 'date-time' } : { type: 'string' };
  if (type && PRIMITIVES.has(type)) return { type: type === 'boolean' ? 'boolean' : 'number' };
  if (!type && Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return { type: 'string' };
  return {};
}

/** The X of `anyOf: [X, { type: 'null' }]` (zod's nullable), if that is what the schema is. */
function nullableOf(schema: JsonSchema): JsonSchema | undefined {
  const options = schema.anyOf;
  if (!options || options.length !== 2) return undefined;
  const nullIndex = options.findIndex((o) => o.type === 'null' && Object.keys(o).length === 1);
  return nullIndex === -1 ? undefined : options[1 - nullIndex];
}
