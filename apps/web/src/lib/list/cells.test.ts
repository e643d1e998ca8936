import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { translationTemplate } from './cells';

describe('translationTemplate', () => {
  it('gives what a lookup with the value gives, for any value, from one lookup', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: {
        en: { translation: { select: 'Select {{name}}', around: '{{name}} and {{name}} again' } },
      },
    });
    let lookups = 0;
    const t = ((...args: Parameters<typeof i18n.t>) => {
      lookups++;
      return i18n.t(...args);
    }) as typeof i18n.t;
    const select = translationTemplate(t, 'select', 'name');
    for (const name of ['Screen 0001', 'A & <b>', '$& {{name}}', ''])
      expect(select(name)).toBe(i18n.t('select', { name, interpolation: { escapeValue: false } }));
    expect(translationTemplate(t, 'around', 'name')('X')).toBe('X and X again');
    expect(lookups).toBe(2);
  });
});
