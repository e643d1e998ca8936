import MagicString from 'magic-string';
import { parseSync, Visitor, type Plugin } from 'vite';

/** What the web's client reads of a route contract (apps/web/src/api/contract.ts): its address and area. */
export const ADDRESS_KEYS: ReadonlySet<string> = new Set(['method', 'path', 'tags']);

/** The route tables of packages/core, and nothing else of it. */
const CONTRACT_FILE = /[\\/]packages[\\/]core[\\/]src[\\/]contract[\\/](?!route\.ts$|index\.ts$)[^\\/]+\.ts$/;

/**
 * A contract module with each `defineRoute({...})` cut down to its address (method, path, tags): the
 * schemas, access key and summary go, and with them every import they used, which the bundler then leaves
 * out (packages/core has no side effects). Null when the module has no route to cut. The types are the
 * full contracts' still (the typechecker reads the source), and the schemas stay the server's.
 */
export function addressesOnly(code: string, filename: string): string | null {
  const { program, errors } = parseSync(filename, code, { lang: 'ts' });
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0]!.message}`);
  const out = new MagicString(code);
  let cut = false;
  new Visitor({
    CallExpression(call) {
      if (call.callee.type !== 'Identifier' || call.callee.name !== 'defineRoute') return;
      const [route] = call.arguments;
      if (route?.type !== 'ObjectExpression')
        throw new Error(`${filename}: defineRoute takes an object literal`);
      route.properties.forEach((property, index) => {
        if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier')
          throw new Error(`${filename}: a route's keys are plain names`);
        if (ADDRESS_KEYS.has(property.key.name)) return;
        // The property and the comma after it.
        const next = route.properties[index + 1];
        const after = /\s*,/y;
        after.lastIndex = property.end;
        const comma = after.exec(code)?.[0].length ?? 0;
        out.remove(property.start, next ? next.start : property.end + comma);
        cut = true;
      });
    },
  }).visit(program);
  if (!cut) return null;
  // With verbatimModuleSyntax the TypeScript step keeps an import whatever uses it, so the imports only
  // the cut parts used go here (else the bundler keeps their modules, schemas and all).
  const after = parseSync(filename, out.toString(), { lang: 'ts' }).program;
  const used = new Set<string>();
  new Visitor({
    Identifier(node) {
      used.add(node.name);
    },
  }).visit({ ...after, body: after.body.filter((node) => node.type !== 'ImportDeclaration') });
  for (const node of program.body) {
    if (node.type !== 'ImportDeclaration' || node.importKind === 'type') continue;
    const names = node.specifiers.map((specifier) => specifier.local.name);
    if (names.length > 0 && !names.some((name) => used.has(name))) out.remove(node.start, node.end);
  }
  return out.toString();
}

/**
 * The web build's contracts carry addresses only (`addressesOnly`), so the first page does not download
 * zod and the schemas of every route it may call. Build only: the dev server and the tests see the
 * source as it is.
 */
export function contractAddresses(): Plugin {
  return {
    name: 'vitrine-contract-addresses',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id)) return undefined;
      const cut = addressesOnly(code, id);
      return cut === null ? undefined : { code: cut, map: null };
    },
  };
}
