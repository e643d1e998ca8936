// The web's kits as lint rules (docs/ARCHITECTURE.md, "Web"): each kit is the only way to do its thing
// because the lint refuses the other ways. Wired in eslint.config.js for apps/web/src; tested in
// scripts/eslint/vitrine.test.ts.
import path from 'node:path';

const KEY_MAKERS = new Set(['keyOf', 'areaKey']);
/** Names a query key is kept under: USER_INFO_KEY, listKey, galleryKey. */
const KEY_NAME = /(^|_)KEY$|[a-z]Key$/;
/** QueryClient methods that take the key itself as their first argument. */
const KEY_ARGUMENT = new Set(['getQueryData', 'setQueryData', 'getQueryState']);

const posix = (file) => file.split(path.sep).join('/');

/** The expressions a function gives back: its arrow body, or every `return` of its own (not nested ones). */
function returnsOf(fn) {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  const found = [];
  const walk = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'ReturnStatement') {
      if (node.argument) found.push(node.argument);
      return;
    }
    if (/Function/.test(node.type)) return;
    for (const [field, value] of Object.entries(node)) {
      if (field === 'parent') continue;
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value.type === 'string') walk(value);
    }
  };
  walk(fn.body);
  return found;
}

/** The variable a name resolves to from a scope, or undefined. */
function resolve(name, scope) {
  for (let s = scope; s; s = s.upper) {
    const variable = s.set.get(name);
    if (variable) return variable;
  }
  return undefined;
}

/**
 * A key made by keyOf()/areaKey(), or a name bound to one: a parameter (the caller passed a key), a const
 * made by them, or a call of a function of this file whose every return is one.
 */
function isContractKey(node, scope, seen = new Set()) {
  if (node.type === 'ConditionalExpression') {
    return isContractKey(node.consequent, scope, seen) && isContractKey(node.alternate, scope, seen);
  }
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression')
    return isContractKey(node.expression, scope, seen);
  if (node.type === 'CallExpression') {
    if (node.callee.type !== 'Identifier') return false;
    if (KEY_MAKERS.has(node.callee.name)) return true;
    const def = resolve(node.callee.name, scope)?.defs[0];
    // A key maker of another file (userKey(id)): checked where it is made.
    if (def?.type === 'ImportBinding') return KEY_NAME.test(node.callee.name);
    const fn =
      def?.type === 'FunctionName'
        ? def.node
        : def?.type === 'Variable' && /Function/.test(def.node.init?.type ?? '')
          ? def.node.init
          : null;
    if (!fn || seen.has(fn)) return false;
    seen.add(fn);
    const returns = returnsOf(fn);
    return returns.length > 0 && returns.every((r) => isContractKey(r, scope, seen));
  }
  if (node.type !== 'Identifier') return false;
  const variable = resolve(node.name, scope);
  const def = variable?.defs[0];
  if (!def) return false;
  // A parameter (the caller passed a key) or an import (its definition is checked where it is made).
  if (def.type === 'Parameter' || def.type === 'ImportBinding') return true;
  if (def.type === 'Variable' && def.parent.kind === 'const' && def.node.init) {
    return isContractKey(def.node.init, scope, seen);
  }
  return false;
}

const queryKeyFromContract = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Query keys come from the route contracts: keyOf(contract, input) or areaKey(contract).',
    },
    messages: {
      handMade:
        "Query keys come from the contract: keyOf(contract, input) or areaKey(contract) from api/contract.ts, not a hand-written key (an area's invalidation then reaches every query of it).",
    },
    schema: [],
  },
  create(context) {
    // Where keyOf() and areaKey() are made.
    if (srcPathOf(context.filename) === 'api/contract.ts') return {};
    const check = (node) => {
      if (!isContractKey(node, context.sourceCode.getScope(node))) {
        context.report({ node, messageId: 'handMade' });
      }
    };
    const handMade = (node) => {
      const inner =
        node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression' ? node.expression : node;
      return inner.type === 'ArrayExpression';
    };
    const checkMade = (values) => {
      for (const value of values) if (handMade(value)) context.report({ node: value, messageId: 'handMade' });
    };
    return {
      Property(node) {
        if (!node.computed && node.key.type === 'Identifier' && node.key.name === 'queryKey')
          check(node.value);
      },
      // A key kept under a name (USER_INFO_KEY, listKey, galleryKey()) is made from the contract too.
      VariableDeclarator(node) {
        if (node.id.type !== 'Identifier' || !KEY_NAME.test(node.id.name) || !node.init) return;
        checkMade(/Function/.test(node.init.type) ? returnsOf(node.init) : [node.init]);
      },
      FunctionDeclaration(node) {
        if (node.id && KEY_NAME.test(node.id.name)) checkMade(returnsOf(node));
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          KEY_ARGUMENT.has(callee.property.name) &&
          node.arguments[0]
        ) {
          check(node.arguments[0]);
        }
      },
    };
  },
};

/** The module a relative import names, as a path from the web's src/ ('features/points/points.api'). */
function fromSrc(filename, source) {
  const file = posix(filename);
  const at = file.lastIndexOf('/src/');
  if (at < 0 || !source.startsWith('.')) return null;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
  const root = file.slice(0, at + '/src/'.length);
  return resolved.startsWith(root) ? resolved.slice(root.length) : null;
}

function srcPathOf(filename) {
  const file = posix(filename);
  const at = file.lastIndexOf('/src/');
  return at < 0 ? null : file.slice(at + '/src/'.length);
}

const callInApiFiles = {
  meta: {
    type: 'problem',
    docs: { description: 'call() (and the raw api()) only in *.api.ts files and api/.' },
    messages: {
      outside:
        "'{{name}}' is called only in a feature's *.api.ts (or api/): put the call there as a named function or hook and use that.",
    },
    schema: [],
  },
  create(context) {
    const here = srcPathOf(context.filename) ?? '';
    if (/\.api\.tsx?$/.test(here) || here.startsWith('api/')) return {};
    return {
      ImportDeclaration(node) {
        const target = fromSrc(context.filename, String(node.source.value));
        const banned = target === 'api/contract' ? 'call' : target === 'api/client' ? 'api' : null;
        if (!banned) return;
        for (const spec of node.specifiers) {
          if (
            spec.type === 'ImportSpecifier' &&
            spec.imported.type === 'Identifier' &&
            spec.imported.name === banned
          ) {
            context.report({ node: spec, messageId: 'outside', data: { name: banned } });
          }
        }
      },
    };
  },
};

const FORM_EVENT = /^FormEvent(Handler)?$/;

const submitThroughFormKit = {
  meta: {
    type: 'problem',
    docs: { description: 'Forms submit through useFormSubmit (lib/useZodForm.ts).' },
    messages: {
      inline:
        'Submit through useFormSubmit (lib/useZodForm.ts): pass its onSubmit. It owns validation, the busy state and field errors; the client already says success and failure.',
      formEvent:
        'A submit handler of its own: use useFormSubmit (lib/useZodForm.ts), which owns the busy state and field errors; the client already says success and failure.',
    },
    schema: [],
  },
  create(context) {
    const hasFunction = (node) => {
      if (!node || typeof node !== 'object') return false;
      if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return true;
      if (node.type === 'ConditionalExpression')
        return hasFunction(node.consequent) || hasFunction(node.alternate);
      if (node.type === 'LogicalExpression') return hasFunction(node.left) || hasFunction(node.right);
      return false;
    };
    return {
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'onSubmit') return;
        if (node.value?.type === 'JSXExpressionContainer' && hasFunction(node.value.expression)) {
          context.report({ node, messageId: 'inline' });
        }
      },
      TSTypeReference(node) {
        const name = node.typeName.type === 'Identifier' ? node.typeName.name : node.typeName.right?.name;
        if (name && FORM_EVENT.test(name)) context.report({ node, messageId: 'formEvent' });
      },
    };
  },
};

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: "Outside app/ (the composition), a feature's files are reached only through its index.ts.",
    },
    messages: {
      internals:
        "'{{source}}' is inside feature '{{feature}}': import what it offers from its index.ts ('features/{{feature}}'), or move a shared piece to lib/, components/ or api/.",
    },
    schema: [],
  },
  create(context) {
    const here = srcPathOf(context.filename);
    // Features and the shared components; app/ composes the pages (the router's lazy imports) and may reach in.
    if (!here || !/^(features|components)\//.test(here)) return {};
    const mine = here.startsWith('features/') ? here.split('/')[1] : null;
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = fromSrc(context.filename, source);
      if (!target || !target.startsWith('features/')) return;
      const [, feature, ...rest] = target.split('/');
      if (feature === mine) return;
      const inner = rest.join('/');
      if (inner === '' || inner === 'index' || inner === 'index.ts') return;
      context.report({ node, messageId: 'internals', data: { source, feature } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

const ROUTE_HOOKS = new Set(['useParams', 'useSearch']);

const typedRouteParams = {
  meta: {
    type: 'problem',
    docs: { description: 'Route params and search come typed from the router, never cast.' },
    messages: {
      cast: "Route params and search are typed by the router: getRouteApi('/app/path/$id').useParams() (or useSearch()) for one route, useParams({ strict: false }) uncast for a page shared by routes; never a cast.",
    },
    schema: [],
  },
  create(context) {
    const isRouteHook = (node) => {
      if (node.type !== 'CallExpression') return false;
      const callee = node.callee;
      const name =
        callee.type === 'Identifier'
          ? callee.name
          : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
            ? callee.property.name
            : null;
      return name !== null && ROUTE_HOOKS.has(name);
    };
    const cast = (node) => {
      if (isRouteHook(node.expression)) context.report({ node, messageId: 'cast' });
    };
    return {
      TSAsExpression: cast,
      TSTypeAssertion: cast,
    };
  },
};

export default {
  meta: { name: 'vitrine' },
  rules: {
    'query-key-from-contract': queryKeyFromContract,
    'call-in-api-files': callInApiFiles,
    'submit-through-form-kit': submitThroughFormKit,
    'feature-boundaries': featureBoundaries,
    'typed-route-params': typedRouteParams,
  },
};
