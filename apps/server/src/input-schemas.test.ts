import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT4_MAX, INT4_MIN, MULTI_LINE, ONE_LINE, PlayerMessage } from '@vitrine/core';
import { buildTestApp, type TestApp } from './test/build.js';

/**
 * What every route takes, checked by walking its zod schemas: each string is a text() (no control
 * characters) or a built-in format, each whole number fits a PostgreSQL integer, each other number is
 * bounded, and nothing is taken unchecked (unknown, any). A route declared tomorrow is walked too.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Node = z.core.$ZodType;
const def = (node: Node) => node._zod.def as unknown as Record<string, unknown> & { type: string };

function checksOf(node: Node): Record<string, unknown>[] {
  const checks = (def(node).checks ?? []) as { _zod: { def: Record<string, unknown> } }[];
  return checks.map((c) => c._zod.def);
}

/** The problems of one schema, each with its path. */
export function problems(node: Node, path: string, seen = new Set<Node>()): string[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const d = def(node);
  const walk = (child: unknown, suffix: string) => problems(child as Node, `${path}${suffix}`, seen);
  switch (d.type) {
    case 'string': {
      const own = (node as unknown as { format?: string | null }).format;
      const checks = checksOf(node);
      const texty = checks.some(
        (c) => c.format === 'regex' && (c.pattern === ONE_LINE || c.pattern === MULTI_LINE),
      );
      const formatted =
        (own && own !== 'regex') || checks.some((c) => typeof c.format === 'string' && c.format !== 'regex');
      return texty || formatted ? [] : [`${path}: a string without text() or a format`];
    }
    case 'number': {
      const n = node as unknown as { minValue: number; maxValue: number; isInt: boolean };
      if (n.isInt) {
        if ((z.globalRegistry.get(node as z.ZodType) as { int64?: boolean } | undefined)?.int64) return [];
        return n.minValue >= INT4_MIN && n.maxValue <= INT4_MAX
          ? []
          : [`${path}: a whole number beyond int4 (${n.minValue}..${n.maxValue})`];
      }
      return Number.isFinite(n.minValue) && Number.isFinite(n.maxValue)
        ? []
        : [`${path}: an unbounded number`];
    }
    case 'object': {
      const shape = d.shape as Record<string, unknown>;
      const out = Object.entries(shape).flatMap(([key, child]) => walk(child, `.${key}`));
      if (d.catchall && def(d.catchall as Node).type !== 'never') out.push(...walk(d.catchall, '.*'));
      return out;
    }
    case 'array':
      return walk(d.element, '[]');
    case 'tuple':
      return [
        ...(d.items as unknown[]).flatMap((item, i) => walk(item, `[${i}]`)),
        ...(d.rest ? walk(d.rest, '[...]') : []),
      ];
    case 'record':
      return [...walk(d.keyType, '{key}'), ...walk(d.valueType, '{value}')];
    case 'union':
      return (d.options as unknown[]).flatMap((option, i) => walk(option, `|${i}`));
    case 'intersection':
      return [...walk(d.left, '&L'), ...walk(d.right, '&R')];
    case 'pipe':
      return [...walk(d.in, ''), ...walk(d.out, '>')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(d.innerType, '');
    case 'lazy':
      return walk((d.getter as () => unknown)(), '');
    case 'unknown':
    case 'any':
    case 'custom':
      return [`${path}: taken unchecked (${d.type})`];
    default:
      // enum, literal, boolean, null, undefined, transform, never, date...
      return [];
  }
}

describe('the schemas of everything the API takes', () => {
  it('check every string for control characters and keep every number in range', () => {
    const found: string[] = [];
    for (const route of t.routes) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const part of ['params', 'querystring', 'headers', 'body'] as const) {
        if (schema[part])
          found.push(...problems(schema[part] as Node, `${route.method} ${route.url} ${part}`));
      }
    }
    found.push(...problems(PlayerMessage, 'socket frame'));
    expect(found).toEqual([]);
    expect(
      t.routes.filter((r) => r.schema && Object.keys(r.schema).some((k) => k !== 'response')).length,
    ).toBeGreaterThan(60);
  });

  it('the walk finds what it looks for', () => {
    const bad = z.strictObject({
      name: z.string().max(10),
      id: z.coerce.number().int(),
      share: z.number(),
      extra: z.unknown(),
      list: z.array(z.string().optional()),
    });
    expect(problems(bad, 'x').map((p) => p.split(':')[0])).toEqual([
      'x.name',
      'x.id',
      'x.share',
      'x.extra',
      'x.list[]',
    ]);
  });
});
