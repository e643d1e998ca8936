import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every browser test asserts what it shows: its body names `expect` (vitest, values and polls), `see`
 * (e2e/support/see.ts, auto-waiting assertions on the page) or a helper of its file whose name starts
 * with `expect`. A test that only waits (`waitFor`, `waitForURL`) fails by timing out, and says nothing
 * of what it expected to find; this keeps new ones from being written so.
 */
const E2E = fileURLToPath(new URL('..', import.meta.url));
const ASSERTS = /\b(expect\w*|see)\s*[.(]/;

function testsWithoutAssertions(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(E2E + file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      /^(it|test)\b/.test(node.expression.getText(source)) &&
      node.arguments.length >= 2 &&
      ts.isStringLiteralLike(node.arguments[0]!)
    ) {
      const body = node.arguments.find((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg));
      if (body && !ASSERTS.test(body.getText(source))) found.push(`${file}: ${node.arguments[0].text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('browser tests', () => {
  const files = readdirSync(E2E).filter((name) => name.endsWith('.test.ts'));

  it('are found', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('each assert what they show, not only wait for it', () => {
    expect(files.flatMap(testsWithoutAssertions)).toEqual([]);
  });
});
