import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Tests that can fail. Every test file of the repository (server, console, end-to-end) is parsed and
 * refused when it holds:
 * - `toBeTruthy()` / `toBeDefined()`: they pass for any object, any non-empty string, any function,
 *   so on a value that always exists (a page, a URL, a generated name) they check nothing; assert the
 *   value itself instead (`toBe`, `toMatch`, `toEqual`, `toHaveProperty`, `toBeInstanceOf`);
 * - a bare `return` or a `skip()` in the body of a test: the rest of the test silently does not run;
 *   declare the test only where it applies (`if (x) it(…)`), or assert the case;
 * - an empty `catch {}` or `.catch(() => {})` / `.catch(() => undefined)`: a swallowed error hides
 *   the failure a test is there to show.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const TEST_DIRS = ['apps/server/test', 'apps/web/test', 'e2e'];
const TEST_FILE = /\.(ts|tsx)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return TEST_FILE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Callbacks of these are not test bodies (test.describe, test.step, hooks, fixtures). */
const NOT_A_TEST = new Set(['describe', 'step', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach', 'use', 'extend']);

/** `it(…)`, `test(…)`, `it.each(…)(…)`, `test.only(…)`, `it.concurrent(…)`: the callee names a test. */
function isTestCall(call: ts.CallExpression): boolean {
  let callee: ts.Expression = call.expression;
  for (;;) {
    if (ts.isCallExpression(callee)) callee = callee.expression;
    else if (ts.isPropertyAccessExpression(callee)) {
      if (NOT_A_TEST.has(callee.name.text)) return false;
      callee = callee.expression;
    } else break;
  }
  return ts.isIdentifier(callee) && (callee.text === 'it' || callee.text === 'test');
}

/** The function a node is directly inside (not counting blocks). */
function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let p = node.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return p as ts.FunctionLikeDeclaration;
  return undefined;
}

const isTestBody = (fn: ts.FunctionLikeDeclaration | undefined) =>
  Boolean(fn?.parent && ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn as never) && isTestCall(fn.parent));

const isEmptyHandler = (arg: ts.Expression | undefined) => {
  if (!arg || !(ts.isArrowFunction(arg) || ts.isFunctionExpression(arg))) return false;
  const body = arg.body;
  if (ts.isBlock(body)) return body.statements.length === 0;
  return (
    body.kind === ts.SyntaxKind.UndefinedKeyword ||
    body.kind === ts.SyntaxKind.NullKeyword ||
    (ts.isIdentifier(body) && body.text === 'undefined') ||
    ts.isVoidExpression(body)
  );
};

function findProblems(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const problems: string[] = [];
  const at = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    problems.push(`${fileName}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if ((name === 'toBeTruthy' || name === 'toBeDefined') && node.arguments.length === 0) {
        at(node, `${name}() checks next to nothing; assert the value (toBe, toMatch, toEqual, toHaveProperty)`);
      }
      if (name === 'catch' && isEmptyHandler(node.arguments[0])) at(node, 'a swallowed error (.catch with an empty handler)');
      if (name === 'skip' && node.arguments.length === 0 && isTestBody(enclosingFunction(node))) at(node, 'a test that skips itself');
    }
    if (ts.isCatchClause(node) && node.block.statements.length === 0) at(node, 'an empty catch block');
    if (ts.isReturnStatement(node) && !node.expression && isTestBody(enclosingFunction(node))) {
      at(node, 'a bare return in a test: the rest of it silently does not run');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

describe('test hygiene', () => {
  const all = TEST_DIRS.flatMap((d) => files(join(root, d)));

  it('finds the test files of the server, the console and the end-to-end suite', () => {
    for (const dir of TEST_DIRS)
      expect(
        all.some((f) => relative(root, f).startsWith(dir)),
        dir,
      ).toBe(true);
    expect(all.map((f) => relative(root, f))).toContain('apps/server/test/test-hygiene.test.ts');
  });

  it('no test file holds an assertion that cannot fail, a silent early return or a swallowed error', () => {
    const problems = all.flatMap((f) => findProblems(relative(root, f), readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('recognises each problem it refuses (and leaves sound code alone)', () => {
    const bad = `
      import { it, test } from 'vitest';
      it('a', async () => { expect(page).toBeTruthy(); });
      it('b', async () => { expect(BASE()).toBeDefined(); });
      it('c', async () => { if (x) return; expect(1).toBe(1); });
      it.each([1])('d %s', async (n) => { if (n) return; });
      test('e', async ({ page }, info) => { info.skip(); });
      it('f', async () => { try { await go(); } catch {} });
      it('g', async () => { await go().catch(() => undefined); });
      it('h', async () => { await go().catch(() => {}); });
    `;
    const found = findProblems('bad.test.ts', bad).map((p) => Number(p.split(':')[1]));
    expect(found).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    const good = `
      it('a', async () => {
        page.on('request', (r) => { if (r.type() !== 'script') return; seen.push(r); });
        const value = rows.find((r) => { if (!r) return; return r.id === 1; });
        await expect(go()).rejects.toThrow('boom');
        await go().catch((err) => { failures.push(err); });
        expect(value).toEqual({ id: 1 });
      });
      function helper() { if (done) return; run(); }
      test.describe('group', () => { if (!enabled) return; });
    `;
    expect(findProblems('good.test.ts', good)).toEqual([]);
  });
});
