/**
 * Malformed input, generated from the API's own OpenAPI document: for each operation a plausible request
 * (from its schemas, with the ids of real rows where a path names one) and, from it, requests that each
 * break one thing: one field, one parameter, one header, or the whole body. Bounded: every bad value is
 * at most ~100 KB and every operation gets the same list, so a run is repeatable.
 */

export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

export interface FuzzRequest {
  /** The operation, as the OpenAPI document names it ('/api/net/patch/{id}'). */
  operation: Operation;
  /** What was broken, for the failure message. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The request carries a NUL somewhere: it must be refused (4xx), whatever else it says. */
  carriesNul: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
    >
  >;
}

/** Every operation of the document; `skip` filters paths out (the SPA fallback, the docs themselves). */
export function operations(doc: OpenApi, skip: (path: string) => boolean): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (skip(path)) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (method === 'head' || method === 'options') continue;
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

const NOW_DAY = new Date().toISOString().slice(0, 10);

/** A value the schema accepts, by its constraints and, for refinements JSON Schema cannot say, by name. */
export function sample(schema: JsonSchema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const concrete = options.find((o) => o.type !== 'null') ?? options[0]!;
    return sample(concrete, name);
  }
  if (schema.allOf?.length) return sample(schema.allOf[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = schema.properties?.[key];
        if (property) value[key] = sample(property, key);
      }
      return value;
    }
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => sample(schema.items ?? {}, name));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return schema.exclusiveMinimum === true ? min + 1 : Math.max(min, type === 'integer' ? 1 : 0.5);
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, name);
    default:
      return null;
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'email') return 'fuzz@example.test';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (/date$/i.test(name) && /from|to/i.test(name)) return `${NOW_DAY} 00:00:00`;
  if (name === 'from' || name === 'to' || name === 'date') return NOW_DAY;
  if (/time\d?$/i.test(name) || /^work/.test(name)) return '08:00:00';
  if (name === 'timezone') return 'UTC';
  if (/url$/i.test(name) || name === 'pixel') return 'https://example.com/media/a.png';
  if (name === 'login') return 'fuzzlogin';
  if (/password$/i.test(name)) return 'Fuzz-pass-1!';
  if (name === 'color') return '#aabbcc';
  if (name === 'deviceKey') return 'f'.repeat(64);
  if (name === 'eventId') return '0b7f4a52-1c1e-4e8c-9a51-7d0f3f1b2c3d';
  if (/token$/i.test(name)) return 'x'.repeat(24);
  if (name === 'config') return '{}';
  if (name === 'x-file-name') return 'fuzz.png';
  const min = schema.minLength ?? 1;
  return 'f'.repeat(Math.max(min, 4)).slice(0, schema.maxLength ?? 100);
}

/** Arrays nested `depth` deep: `[[[...]]]`. */
const deepArray = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};
const deepObject = (depth: number): unknown => {
  let value: unknown = {};
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
};

/** Values that break a JSON field: wrong types, control characters, int4 edges, sizes, nesting. */
export const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['int4+1', 2147483648],
  ['int4-1', -2147483649],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['empty string', ''],
  ['a string', 'x'],
  ['NUL', '\u0000'],
  ['inner NUL', 'a\u0000b'],
  ['BEL', 'bell\u0007'],
  ['lone surrogate', 'a\ud800b'],
  ['numeric string', '2147483648'],
  ['huge string', 'a'.repeat(100_000)],
  ['empty array', []],
  ['array of NUL', ['\u0000']],
  ['array of int4+1', [2147483648]],
  ['empty object', {}],
  ['object', { a: 1 }],
  ['deep array', deepArray(2000)],
  ['deep object', deepObject(500)],
];

/** Values that break a query or path parameter (always text on the wire). */
export const BAD_PARAMS: [string, string][] = [
  ['int4+1', '2147483648'],
  ['int4-1', '-2147483649'],
  ['huge number', '9'.repeat(40)],
  ['0', '0'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['1e3', '1e3'],
  ['text', 'abc'],
  ['empty', ''],
  ['NUL', '\u0000'],
  ['inner NUL', 'a\u0000b'],
  ['BEL', 'x\u0007'],
  ['percent', '%'],
  ['long', 'x'.repeat(10_000)],
  ['list with int4+1', '1,2147483648'],
  ['list of text', 'a,b'],
];

/** Whole bodies that are not what the operation takes. */
const BAD_BODIES: [string, string, string | Buffer | undefined][] = [
  ['no body', '', undefined],
  ['empty JSON', 'application/json', ''],
  ['JSON null', 'application/json', 'null'],
  ['JSON array', 'application/json', '[]'],
  ['JSON string', 'application/json', '"x"'],
  ['JSON number', 'application/json', '2147483648'],
  ['JSON with NUL', 'application/json', '{"\\u0000":"\\u0000"}'],
  ['truncated JSON', 'application/json', '{"a":'],
  ['deep JSON', 'application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['text', 'text/plain', 'hello'],
  ['form', 'application/x-www-form-urlencoded', 'a=1&b=%00'],
  [
    'multipart',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ],
  ['bytes', 'application/octet-stream', Buffer.from([0, 1, 2, 3, 255])],
  ['image type, JSON body', 'image/png', '{"a":1}'],
];

const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasNul(k) || hasNul(v));
  return false;
};

/** Paths to every property the body schema names, nested objects and first array items included. */
function fieldPaths(schema: JsonSchema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 3) return [];
  const concrete = schema.anyOf?.find((o) => o.type !== 'null') ?? schema.oneOf?.[0] ?? schema;
  const out: (string | number)[][] = [];
  if (concrete.properties) {
    for (const [key, property] of Object.entries(concrete.properties)) {
      out.push([...prefix, key]);
      out.push(...fieldPaths(property, [...prefix, key], depth + 1));
    }
  } else if (concrete.items && (concrete.type === 'array' || concrete.items.properties)) {
    out.push(...fieldPaths(concrete.items, [...prefix, 0], depth + 1));
  }
  return out;
}

/** The body with `path` set to `value`; containers on the way are made from the schema's samples. */
function withField(body: unknown, schema: JsonSchema, path: (string | number)[], value: unknown): unknown {
  const root = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = root;
  let nodeSchema: JsonSchema = schema;
  for (let i = 0; i < path.length - 1; i += 1) {
    const key = path[i]!;
    const concrete = nodeSchema.anyOf?.find((o) => o.type !== 'null') ?? nodeSchema;
    const childSchema = typeof key === 'number' ? (concrete.items ?? {}) : (concrete.properties?.[key] ?? {});
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') {
      node[key] =
        typeof path[i + 1] === 'number'
          ? [sample(childSchema.items ?? {}, String(path[i + 1]))]
          : sample(childSchema, String(key));
      if (typeof path[i + 1] === 'number' && !Array.isArray(node[key])) node[key] = [{}];
    }
    const next = node[key] as Record<string | number, unknown>;
    if (Array.isArray(next) && next.length === 0) next.push(sample(childSchema.items ?? {}, ''));
    node = next;
    nodeSchema = childSchema;
  }
  node[path.at(-1)!] = value;
  return root;
}

export interface Baseline {
  /** Path parameter values (ids of real rows, a pairing code...). */
  pathValues: Record<string, string>;
  /** Query parameter values that make the request valid. */
  queryValues: Record<string, string>;
  /** Header values (x-file-name). */
  headers: Record<string, string>;
  /** The valid body, when the operation takes one. */
  body: unknown;
}

/** A request built from parts: path parameters substituted, query encoded, body as JSON. */
function build(
  op: Operation,
  label: string,
  parts: {
    path: Record<string, string>;
    query: Record<string, string>;
    headers: Record<string, string>;
    contentType?: string;
    payload?: string | Buffer;
  },
  carriesNul: boolean,
): FuzzRequest {
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(parts.path[name] ?? '1'),
  );
  const query = new URLSearchParams(parts.query).toString();
  return {
    operation: op,
    label: `${op.method} ${op.path}: ${label}`,
    method: op.method,
    url: query ? `${url}?${query}` : url,
    headers: { ...parts.headers, ...(parts.contentType ? { 'content-type': parts.contentType } : {}) },
    ...(parts.payload !== undefined ? { payload: parts.payload } : {}),
    carriesNul,
  };
}

/** The plausible request itself: the baseline, nothing broken. */
export function baselineRequest(op: Operation, base: Baseline): FuzzRequest {
  const parts = {
    path: base.pathValues,
    query: base.queryValues,
    headers: base.headers,
    ...(op.body ? { contentType: 'application/json', payload: JSON.stringify(base.body) } : {}),
  };
  return build(op, 'as planned', parts, false);
}

/** Every malformed request for one operation. */
export function mutations(op: Operation, base: Baseline): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const json = (body: unknown) => JSON.stringify(body);
  const withBody = op.body !== null || op.method !== 'GET';
  const common = () => ({
    path: { ...base.pathValues },
    query: { ...base.queryValues },
    headers: { ...base.headers },
    ...(op.body ? { contentType: 'application/json', payload: json(base.body) } : {}),
  });

  for (const parameter of op.parameters) {
    const target = parameter.in === 'path' ? 'path' : parameter.in === 'query' ? 'query' : 'headers';
    for (const [name, value] of BAD_PARAMS) {
      // A header cannot carry a NUL or a control character on the wire: those are tried URI-encoded.
      const sent = target === 'headers' ? encodeURIComponent(value) : value;
      const parts = common();
      parts[target][parameter.name] = sent;
      out.push(build(op, `${parameter.in} ${parameter.name} = ${name}`, parts, hasNul(value)));
    }
  }
  if (op.body) {
    for (const path of fieldPaths(op.body)) {
      const current = path.reduce<unknown>(
        (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
        base.body,
      );
      const values: [string, unknown][] = [...BAD_VALUES];
      // The valid value with a NUL after it: passes every other rule, so only the text rule can refuse it.
      if (typeof current === 'string')
        values.push(['valid + NUL', `${current}\u0000`], ['valid + BEL', `${current}\u0007`]);
      for (const [name, value] of values) {
        const parts = common();
        parts.payload = json(withField(base.body, op.body, path, value));
        out.push(build(op, `body ${path.join('.')} = ${name}`, parts, hasNul(value)));
      }
    }
  }
  if (withBody) {
    for (const [name, contentType, payload] of BAD_BODIES) {
      const parts = { ...common(), contentType, payload };
      if (!contentType) delete (parts as { contentType?: string }).contentType;
      out.push(build(op, `body = ${name}`, parts, name === 'JSON with NUL' && op.body !== null));
    }
  }
  return out;
}
