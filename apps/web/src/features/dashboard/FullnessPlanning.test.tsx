import { beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Dashboard } from '@vitrine/core';
import { i18nOptions } from '../../i18n/resources';
import { FullnessPlanning } from './FullnessPlanning';

beforeAll(async () => {
  await i18n.use(initReactI18next).init(i18nOptions('en'));
});

/** A fleet of 10,000 screens with 7,600 still being planned, at the given estimate. */
function dashboard(pending: number, estimateSeconds: number | null, planned = 2_400): Dashboard {
  return {
    space: { used: 0, quota: 1 },
    points: { total: pending + planned, online: 0, offline: 0, withoutContent: 0 },
    playlists: { active: 0, expiring: 0, expired: 0 },
    billing: null,
    planning: pending ? { perSecond: 60, estimateSeconds } : null,
    fullness: {
      range: '1d',
      days: 1,
      average: 0,
      pending,
      points: Array.from({ length: planned }, (_, i) => ({
        id: i + 1,
        name: `S${i}`,
        fullness: 0,
        capacity: 0,
        advertising: 0,
      })),
    },
  };
}

/** The block's text, as a reader sees it (Intl's narrow spaces as plain ones). */
async function drawn(data: Dashboard, locale: 'en' | 'ua' | 'it' | 'ru'): Promise<string> {
  // i18next knows Ukrainian by its language code.
  await i18n.changeLanguage(locale === 'ua' ? 'uk' : locale);
  const html = renderToString(
    <MantineProvider>
      <FullnessPlanning data={data} />
    </MantineProvider>,
  );
  return html
    .replace(/<style[^>]*>.*?<\/style>/gs, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/&#x27;/g, "'")
    .trim();
}

describe('the dashboard while fullness is planned', () => {
  it('says how many screens are planned, shows a bar and when the rest should be done', async () => {
    const text = await drawn(dashboard(7_600, 130), 'en');
    expect(text).toContain('Fullness of 7,600 screens is being worked out');
    expect(text).toContain('2,400 of 10,000 screens planned · about 3 minutes left');
    const html = renderToString(
      <MantineProvider>
        <FullnessPlanning data={dashboard(7_600, 130)} />
      </MantineProvider>,
    );
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="24"/);
  });

  it('in every language, with the plural forms of each', async () => {
    expect(await drawn(dashboard(7_600, 130), 'ru')).toContain('Заполненность 7 600 экранов');
    expect(await drawn(dashboard(7_600, 130), 'ua')).toContain(
      'Сплановано 2 400 з 10 000 екранів · залишилося приблизно 3 хвилини',
    );
    expect(await drawn(dashboard(7_600, 130), 'ru')).toContain(
      'Запланировано 2 400 из 10 000 экранов · осталось примерно 3 минуты',
    );
    expect(await drawn(dashboard(7_600, 130), 'it')).toContain(
      // Italian groups thousands from five digits on.
      '2400 di 10.000 schermi pianificati · circa 3 minuti rimanenti',
    );
    expect(await drawn(dashboard(20, 30, 1), 'ru')).toContain('Запланировано 1 из 21 экрана');
  });

  it('gives no estimate until the server has one, and nothing once all is planned', async () => {
    const text = await drawn(dashboard(7_600, null), 'en');
    expect(text).toContain('2,400 of 10,000 screens planned');
    expect(text).not.toContain('left');
    expect(await drawn(dashboard(0, null), 'en')).toBe('');
  });
});
