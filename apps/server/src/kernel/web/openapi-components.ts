import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * Schemas given an id (`.meta({ id })`) published once under components/schemas, for the console's
 * types. fastify-type-provider-zod also writes an `<id>Input` twin of each (the schema as a request
 * body reads it); twins no route or component refers to are left out, since published answers are
 * never request bodies.
 */
export const publishComponents: SwaggerTransformObject = (document) => {
  const out = jsonSchemaTransformObject(document) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = out.components?.schemas;
  if (!schemas) return out as never;
  let dropped = true;
  while (dropped) {
    dropped = false;
    const text = JSON.stringify(out);
    for (const name of Object.keys(schemas)) {
      if (name.endsWith('Input') && !text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        dropped = true;
      }
    }
  }
  return out as never;
};
