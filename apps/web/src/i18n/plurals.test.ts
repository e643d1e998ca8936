import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@vitrine/core';
import { i18nOptions } from './resources';

/** A translator of one locale, set up exactly as the cabinet sets up i18next. */
async function translator(locale: Locale): Promise<TFunction> {
  const instance = i18next.createInstance(i18nOptions(locale));
  await instance.init();
  return instance.t;
}

const render = (t: TFunction, key: string, counts: number[], values: Record<string, unknown> = {}) =>
  counts.map((count) => t(key, { ...values, count }));

describe('counts read as the language says them (1, 2, 5, 21)', () => {
  it('en: one and other', async () => {
    const t = await translator('en');
    expect(render(t, 'playlists.reach', [1, 2, 5, 21])).toEqual([
      'Plays on 1 screen',
      'Plays on 2 screens',
      'Plays on 5 screens',
      'Plays on 21 screens',
    ]);
    expect(render(t, 'playlists.itemsTotal', [1, 2], { duration: '0:10' })).toEqual([
      '1 item, 0:10',
      '2 items, 0:10',
    ]);
    expect(render(t, 'validation.minLength', [1, 8])).toEqual([
      'Minimum 1 character',
      'Minimum 8 characters',
    ]);
    expect(render(t, 'counts.shows', [1, 1234])).toEqual(['1 show', '1,234 shows']);
  });

  it('ua: 1 and 21 one, 2 few, 5 many', async () => {
    const t = await translator('ua');
    expect(render(t, 'playlists.reach', [1, 2, 5, 21])).toEqual([
      'Відтворюється на 1 екрані',
      'Відтворюється на 2 екранах',
      'Відтворюється на 5 екранах',
      'Відтворюється на 21 екрані',
    ]);
    expect(render(t, 'playlists.itemsTotal', [1, 2, 5, 21], { duration: '0:10' })).toEqual([
      '1 елемент, 0:10',
      '2 елементи, 0:10',
      '5 елементів, 0:10',
      '21 елемент, 0:10',
    ]);
    expect(render(t, 'points.bulk.apply', [1, 2, 5, 21])).toEqual([
      'Застосувати до 1 екрана',
      'Застосувати до 2 екранів',
      'Застосувати до 5 екранів',
      'Застосувати до 21 екрана',
    ]);
    expect(render(t, 'counts.shows', [1, 2, 5, 21])).toEqual([
      '1 показ',
      '2 покази',
      '5 показів',
      '21 показ',
    ]);
    // A fraction takes the genitive singular.
    expect(t('counts.impressions', { count: 2.5 })).toBe('2,5 контакту');
  });

  it('ru: 1 and 21 one, 2 few, 5 many', async () => {
    const t = await translator('ru');
    expect(render(t, 'playlists.reach', [1, 2, 5, 21])).toEqual([
      'Воспроизводится на 1 экране',
      'Воспроизводится на 2 экранах',
      'Воспроизводится на 5 экранах',
      'Воспроизводится на 21 экране',
    ]);
    expect(render(t, 'validation.minLength', [1, 2, 5, 21])).toEqual([
      'Минимум 1 символ',
      'Минимум 2 символа',
      'Минимум 5 символов',
      'Минимум 21 символ',
    ]);
    expect(render(t, 'points.bulk.apply', [1, 2, 5, 21])).toEqual([
      'Применить к 1 экрану',
      'Применить к 2 экранам',
      'Применить к 5 экранам',
      'Применить к 21 экрану',
    ]);
    expect(
      render(t, 'impressions.chartSummary', [1, 2, 5, 21], { total: '7' }).map((s) => s.split(',')[0]),
    ).toEqual([
      'График контактов за 1 день',
      'График контактов за 2 дня',
      'График контактов за 5 дней',
      'График контактов за 21 день',
    ]);
  });

  it('it: one and other', async () => {
    const t = await translator('it');
    expect(render(t, 'playlists.reach', [1, 2, 5, 21])).toEqual([
      'In riproduzione su 1 schermo',
      'In riproduzione su 2 schermi',
      'In riproduzione su 5 schermi',
      'In riproduzione su 21 schermi',
    ]);
    expect(render(t, 'playlists.itemsTotal', [1, 2], { duration: '0:10' })).toEqual([
      '1 elemento, 0:10',
      '2 elementi, 0:10',
    ]);
    // Italian's 'many' (a million) reads like 'other' when written in digits.
    expect(t('points.bulk.apply', { count: 1_000_000 })).toBe('Applica a 1000000 schermi');
  });

  it('a sentence with two counts says each with its own plural', async () => {
    const t = await translator('ua');
    const peak = t('counts.shows', { count: 5 });
    expect(t('statistics.chartSummary', { count: 21, peak })).toBe(
      'Графік із 21 проміжку; у найактивнішому — 5 показів. Усі значення — у таблиці нижче.',
    );
  });
});
