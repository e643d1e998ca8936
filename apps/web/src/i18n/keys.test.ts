import { describe, expect, it } from 'vitest';
import {
  BILLING_STATES,
  EXPIRATION_FILTERS,
  FILE_FITS,
  FILES_ORDERS,
  FULLNESS_RANGES,
  INFLUENCES,
  LAYOUT_MODES,
  LEDGER_REASONS,
  MEDIA_KINDS,
  PLAYLIST_CATEGORIES,
  PLAYLIST_THEMES,
  PLAYLIST_TYPES,
  POINT_SORTS,
  POINT_STATUSES,
  POINT_TABS,
  QUOTA_KINDS,
  ROLES,
  ROTATIONS,
  SSP_MODES,
  STATISTIC_SOURCES,
  TARIFFS,
} from '@vitrine/core';
import { resources } from './resources';

/**
 * Every key the cabinet's sources name is in every locale: a missing one shows as its raw key
 * ('playlists.kinds.widget') in all four languages. Literal keys are found in the sources themselves;
 * a key built from a value (`playlists.kinds.${kind}`) is checked for every value of its enumeration.
 */
/** The cabinet's sources (tests aside), by path: their text. */
const SOURCES = import.meta.glob<string>(
  ['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** A string that names a key: two or more dotted parts of letters, digits and underscores. */
const KEY = /^[A-Za-z]\w*(\.\w+)+$/;

/**
 * The first argument of every `t(` and `i18n.t(` in a text: the string literals in it (a
 * ternary names two keys) and the fixed start of a template literal that builds one.
 */
function keysIn(text: string): { literal: string[]; built: string[] } {
  const literal: string[] = [];
  const built: string[] = [];
  for (const match of text.matchAll(/(?<![\w$.])(?:i18n\.)?t\(/g)) {
    let depth = 0;
    let end = match.index + match[0].length;
    // The first argument: up to a comma or a closing bracket at its own depth.
    for (; end < text.length; end++) {
      const c = text[end]!;
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) break;
    }
    const argument = text.slice(match.index + match[0].length, end);
    for (const m of argument.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)) {
      const quoted = m[1] ?? m[2] ?? '';
      if (KEY.test(quoted)) literal.push(quoted);
    }
    const template = /^\s*`([^`$]*)\$\{/.exec(argument);
    if (template?.[1]) built.push(template[1]);
  }
  return { literal, built };
}

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : flatten(value, `${prefix}${key}.`),
  );
/** i18next's plural suffixes: 'x_one' and 'x_other' make the key 'x'. */
const keysOf = (tree: Tree) =>
  new Set(flatten(tree).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
/** A key whose value is a group of strings (read with returnObjects, or a prefix of others). */
const groupsOf = (tree: Tree) =>
  new Set(
    flatten(tree).flatMap((k) =>
      k
        .split('.')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('.')),
    ),
  );

/** Keys built from an enumeration of core: every value must have its string. */
const FAMILIES: Record<string, readonly (string | number)[]> = {
  'playlists.kinds.': MEDIA_KINDS,
  'gallery.layouts.': LAYOUT_MODES,
  'roles.': ROLES,
  'pointTabs.': POINT_TABS,
  'points.statuses.': POINT_STATUSES,
  'points.rotations.': ROTATIONS,
  'points.sorts.': POINT_SORTS,
  'playlists.types.': PLAYLIST_TYPES,
  'playlists.categories.': PLAYLIST_CATEGORIES,
  'playlists.orders.': FILES_ORDERS,
  'playlists.influences.': INFLUENCES,
  'playlists.quotaKinds.': QUOTA_KINDS,
  'playlists.sspModes.': SSP_MODES,
  'playlists.themes.': PLAYLIST_THEMES,
  'playlists.expirationFilter.': EXPIRATION_FILTERS,
  'statistics.sources.': STATISTIC_SOURCES,
  'funds.tariffNames.': TARIFFS,
  'funds.states.': BILLING_STATES,
  'funds.reasons.': LEDGER_REASONS,
  'fileRules.fits.': FILE_FITS,
  'dashboard.ranges.': FULLNESS_RANGES,
};

const used = Object.entries(SOURCES).map(([file, text]) => ({ file, ...keysIn(text) }));

describe('every key the sources use is in every locale', () => {
  it('finds the keys of t() calls, ternaries and built keys', () => {
    expect(
      keysIn("t('a.b'); i18n.t(\"c.d\", { x }); t(on ? 'e.f' : 'g.h'); t(`i.j.${k}`); format('x.y')"),
    ).toEqual({
      literal: ['a.b', 'c.d', 'e.f', 'g.h'],
      built: ['i.j.'],
    });
    expect(used.reduce((n, u) => n + u.literal.length, 0)).toBeGreaterThan(1000);
  });

  it.each(Object.keys(resources))('%s has every literal key', (locale) => {
    const tree = resources[locale as keyof typeof resources] as Tree;
    const keys = keysOf(tree);
    const groups = groupsOf(tree);
    const missing = used.flatMap(({ file, literal }) =>
      literal.filter((key) => !keys.has(key) && !groups.has(key)).map((key) => `${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(resources))('%s has a string for every value of a built key', (locale) => {
    const keys = keysOf(resources[locale as keyof typeof resources] as Tree);
    const missing = Object.entries(FAMILIES).flatMap(([prefix, values]) =>
      values.map((value) => `${prefix}${value}`).filter((key) => !keys.has(key)),
    );
    expect(missing).toEqual([]);
  });

  it('knows each enumeration it checks is still used to build keys', () => {
    const prefixes = new Set(used.flatMap((u) => u.built));
    expect(Object.keys(FAMILIES).filter((prefix) => !prefixes.has(prefix))).toEqual([]);
  });
});
