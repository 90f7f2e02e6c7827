import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/kernel/*/tables.ts', './src/modules/*/tables.ts', './src/modules/*/tables/*.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
