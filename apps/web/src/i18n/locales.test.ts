import { describe, expect, it } from 'vitest';
import en from './en.json';
import ua from './ua.json';
import it_ from './it.json';
import ru from './ru.json';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const locales = { ua, it: it_, ru } as Record<string, Tree>;
const base = flatten(en as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('every string exists in en, ua, it and ru', () => {
  it.each(Object.keys(locales))('%s has exactly the English keys, none empty', (locale) => {
    const flat = flatten(locales[locale]!);
    expect(Object.keys(flat).sort()).toEqual(Object.keys(base).sort());
    for (const [key, text] of Object.entries(flat)) {
      expect(text.trim(), `${locale}:${key}`).not.toBe('');
      expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(base[key]!));
    }
  });

  it.each(['ua', 'ru'])('%s is really translated (Cyrillic, not English copies)', (locale) => {
    const flat = flatten(locales[locale]!);
    const copies = Object.entries(flat).filter(
      ([key, text]) => text === base[key] && /[a-z]{4,}/i.test(text) && !/^[A-Z][a-z]+$/.test(text),
    );
    expect(copies.length / Object.keys(flat).length).toBeLessThan(0.05);
  });
});
