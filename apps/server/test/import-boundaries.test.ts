import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../src/app';

/**
 * Imports flow one way: kernel ← modules ← app. The kernel imports no module; a module imports its
 * own files, packages and the kernel's surfaces (biome's noRestrictedImports checks which kernel
 * files), never another module.
 */
const SRC = resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Relative specifiers of every static import, re-export and dynamic import of a file. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map((m) => m[1]);
  return found.map((spec) => relative(SRC, resolve(dirname(file), spec)));
}

/** `target` is inside the module that `file` (both relative to src) belongs to. */
const sameModule = (file: string, target: string) => target.startsWith(`${file.split('/').slice(0, 2).join('/')}/`);

function violations(files: string[], allowed: (file: string, target: string) => boolean) {
  return files.flatMap((file) =>
    relativeImports(file)
      .filter((target) => !allowed(relative(SRC, file), target))
      .map((target) => `${relative(SRC, file)} → ${target}`),
  );
}

describe('import boundaries', () => {
  it('the kernel imports nothing outside the kernel', () => {
    const kernel = sourceFiles(join(SRC, 'kernel'));
    expect(kernel.length).toBeGreaterThan(40);
    expect(violations(kernel, (_file, target) => target.startsWith('kernel/'))).toEqual([]);
  });

  it('a module imports its own files and the kernel, never another module', () => {
    const modules = sourceFiles(join(SRC, 'modules'));
    expect(modules.length).toBeGreaterThan(40);
    expect(violations(modules, (file, target) => sameModule(file, target) || target.startsWith('kernel/'))).toEqual([]);
  });

  it('tells a cross-module import from an own one', () => {
    expect(sameModule('modules/site/resources/blogs.ts', 'modules/identity/module')).toBe(false);
    expect(sameModule('modules/site/resources/blogs.ts', 'modules/sitex/tables')).toBe(false);
    expect(sameModule('modules/site/resources/blogs.ts', 'modules/site/tables')).toBe(true);
  });

  it('the kernel names no resource of a business module', () => {
    const text = sourceFiles(join(SRC, 'kernel'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const paths = MODULES.filter((m) => m.key !== 'kernel').flatMap((m) => (m.resources ?? []).map((r) => r.path));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => text.includes(`'${path}'`) || text.includes(`${path}?`))).toEqual([]);
  });

  it('modules filter the community through the kit (tenantFilter, inCommunity, sameCommunity), never by hand', () => {
    // By hand, a filter stays on when the tests turn the application-side filter off to prove that
    // row-level security alone isolates communities, so that proof would not cover the statement.
    const found = sourceFiles(join(SRC, 'modules')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${relative(SRC, file)}:${i + 1}`, line }))
        .filter(({ line }) => {
          // Any drizzle comparison of a tenant column: a join of two tables says sameCommunity(a, b),
          // which takes columns only (eq(a.tenantId, row.tenantId) would look like a join and be a filter).
          const drizzle = /\b(eq|ne|inArray)\(\s*\w+\.tenantId\b/.test(line);
          // In SQL: a value compared with tenant_id. The two correlated subqueries compare it with
          // the outer row's column (a log entry's, a project's), named here.
          const written = /tenant_id = \$\{(?!builderLogEntries\.tenantId\}|outer\})/.test(line);
          return drizzle || written;
        })
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
