import { describe, expect, it } from 'vitest';
import { localeFromPath, readLangCookie, stripLocale, withLocale } from './locale';

describe('locale prefixes (spec §1)', () => {
  it('reads the prefix; English has none', () => {
    expect(localeFromPath('/ua/login')).toBe('ua');
    expect(localeFromPath('/ru')).toBe('ru');
    expect(localeFromPath('/en/login')).toBeNull();
    expect(localeFromPath('/login')).toBeNull();
    expect(localeFromPath('/user/5')).toBeNull();
  });
  it('adds and strips prefixes', () => {
    expect(withLocale('/login', 'ua')).toBe('/ua/login');
    expect(withLocale('/', 'it')).toBe('/it');
    expect(withLocale('/login', 'en')).toBe('/login');
    expect(stripLocale('/ua/login')).toBe('/login');
    expect(stripLocale('/ua')).toBe('/');
    expect(stripLocale('/playlist')).toBe('/playlist');
  });
  it('reads the lang cookie and ignores unknown values', () => {
    expect(readLangCookie('a=1; lang=it; b=2')).toBe('it');
    expect(readLangCookie('lang=de')).toBeNull();
    expect(readLangCookie('')).toBeNull();
  });
});
