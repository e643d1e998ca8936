import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';
import { API, type RouteContract } from '@vitrine/core';
import { ADDRESS_KEYS, addressesOnly } from './contract-addresses.js';

const dir = fileURLToPath(new URL('../../packages/core/src/contract/', import.meta.url));

type Address = Pick<RouteContract, 'method' | 'path' | 'tags'>;
const key = (route: Address) => JSON.stringify([route.method, route.path, route.tags]);

/** The routes a cut module defines, read back from its text: each key and its literal value. */
function routesOf(code: string, filename: string): { keys: string[]; address: Address }[] {
  const { program, errors } = parseSync(filename, code, { lang: 'ts' });
  expect(errors).toEqual([]);
  const routes: { keys: string[]; address: Address }[] = [];
  new Visitor({
    CallExpression(call) {
      if (call.callee.type !== 'Identifier' || call.callee.name !== 'defineRoute') return;
      const object = call.arguments[0]!;
      if (object.type !== 'ObjectExpression') throw new Error('not an object literal');
      const entries = object.properties.map((property) => {
        if (property.type !== 'Property' || property.key.type !== 'Identifier') throw new Error('odd key');
        // Addresses are literals (strings, or arrays of strings).
        const literal = code.slice(property.value.start, property.value.end);
        return [property.key.name, JSON.parse(literal.replaceAll("'", '"'))] as const;
      });
      routes.push({ keys: entries.map(([name]) => name), address: Object.fromEntries(entries) as Address });
    },
  }).visit(program);
  return routes;
}

describe('the web build’s contracts (addresses only)', async () => {
  const files = (await readdir(dir)).filter(
    (f) => f.endsWith('.ts') && !/^(route|index)\.ts$|\.test\.ts$/.test(f),
  );

  it('keep every route of packages/core with its method, path and tags, and nothing else of it', async () => {
    const cut: Address[] = [];
    for (const file of files) {
      const code = await readFile(join(dir, file), 'utf8');
      const result = addressesOnly(code, file);
      expect(result, file).not.toBeNull();
      for (const route of routesOf(result!, file)) {
        expect(
          route.keys.every((name) => ADDRESS_KEYS.has(name)),
          `${file}: ${route.keys.join()}`,
        ).toBe(true);
        cut.push(route.address);
      }
    }
    const full = Object.values(API).flatMap((table) => Object.values(table as Record<string, RouteContract>));
    expect(cut.map(key).sort()).toEqual(full.map(key).sort());
  });

  it('import nothing but the route helpers: no schema module, no zod', async () => {
    for (const file of files) {
      const result = addressesOnly(await readFile(join(dir, file), 'utf8'), file)!;
      const { program } = parseSync(file, result, { lang: 'ts' });
      const sources = program.body.flatMap((node) =>
        node.type === 'ImportDeclaration' && node.importKind !== 'type' ? [node.source.value] : [],
      );
      // health.ts defines its answer's schema beside its route, for the server's own use.
      expect(sources, file).toEqual(file === 'health.ts' ? ['zod', './route.js'] : ['./route.js']);
    }
  });

  it('refuses a route it cannot read rather than ship it whole', () => {
    expect(() => addressesOnly('defineRoute(route);', 'x.ts')).toThrow(/object literal/);
    expect(() => addressesOnly("defineRoute({ ['path']: '/a' });", 'x.ts')).toThrow(/plain names/);
  });
});
