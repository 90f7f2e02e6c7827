import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/**
 * Demo data kept as data: a JSON file beside the seed that reads it (the build copies it next to
 * the compiled code), checked against `schema` so a mistyped record fails the seed, not the demo.
 */
export function seedData<S extends z.ZodType>(file: URL, schema: S): z.infer<S> {
  return schema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
