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
/** The values a string interpolates, by name: '{{count}}' and '{{count, number}}' both name count. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** i18next's plural suffixes: a key 'x_one', 'x_few'... is the plural form of 'x'. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const stem = (key: string) => key.replace(PLURAL, '');
/** The plural forms a language needs (Ukrainian one, few, many, other; English one, other). */
const formsOf = (language: string) =>
  new Intl.PluralRules(language === 'ua' ? 'uk' : language).resolvedOptions().pluralCategories.sort();

describe('every string exists in en, ua, it and ru', () => {
  it.each(Object.keys(locales))('%s has exactly the English keys, none empty', (locale) => {
    const flat = flatten(locales[locale]!);
    const stems = (keys: string[]) => [...new Set(keys.map(stem))].sort();
    expect(stems(Object.keys(flat))).toEqual(stems(Object.keys(base)));
    for (const [key, text] of Object.entries(flat)) {
      expect(text.trim(), `${locale}:${key}`).not.toBe('');
      const english = base[key] ?? base[`${stem(key)}_other`]!;
      expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(english));
    }
  });

  it.each(Object.keys(locales))(
    '%s counts with plural forms wherever English does, and only there',
    (locale) => {
      const plural = (flat: Record<string, string>) =>
        [
          ...new Set(
            Object.keys(flat)
              .filter((k) => PLURAL.test(k))
              .map(stem),
          ),
        ].sort();
      expect(plural(flatten(locales[locale]!))).toEqual(plural(base));
    },
  );

  it('says a number of things in English only with plural forms ("1 screen", "2 screens")', () => {
    // '{{count}} screens' outside a plural family would read '1 screens'; 'Selected: {{count}}' is fine.
    const counted = Object.entries(base).filter(
      ([key, text]) => !PLURAL.test(key) && /\{\{count(?:,[^}]*)?\}\} [a-z]/i.test(text),
    );
    expect(counted.map(([key]) => key)).toEqual([]);
  });

  it.each(['en', ...Object.keys(locales)])('%s has every plural form its language needs', (locale) => {
    const flat = flatten(locale === 'en' ? (en as Tree) : locales[locale]!);
    const plurals = [
      ...new Set(
        Object.keys(flat)
          .filter((k) => PLURAL.test(k))
          .map(stem),
      ),
    ];
    for (const key of plurals) {
      const forms = Object.keys(flat)
        .filter((k) => PLURAL.test(k) && stem(k) === key)
        .map((k) => PLURAL.exec(k)![1]!)
        .sort();
      expect(forms, `${locale}:${key}`).toEqual(formsOf(locale));
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
