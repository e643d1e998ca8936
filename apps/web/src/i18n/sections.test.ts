import { describe, expect, it } from 'vitest';
import en from './en.json';
import ua from './ua.json';
import it_ from './it.json';
import ru from './ru.json';
import { FIRST_SECTIONS, partOf } from './sections';
import first from 'virtual:vitrine-strings/ua/first';
import rest from 'virtual:vitrine-strings/ua/rest';

describe("a locale's strings in two parts", () => {
  it.each(Object.entries({ en, ua, it: it_, ru }))('%s: the parts hold every section once', (_, strings) => {
    const a = partOf(strings, 'first');
    const b = partOf(strings, 'rest');
    expect(Object.keys(a).sort()).toEqual([...FIRST_SECTIONS].sort());
    expect({ ...a, ...b }).toEqual(strings);
    expect(Object.keys(a).filter((key) => key in b)).toEqual([]);
  });

  it('the build serves each part as its own module', () => {
    expect(first).toEqual(partOf(ua, 'first'));
    expect(rest).toEqual(partOf(ua, 'rest'));
  });
});
