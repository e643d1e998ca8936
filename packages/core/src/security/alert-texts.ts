/**
 * Alert texts in the recipient's language (docs/security.md, "Alerts"): the four locales of the cabinet,
 * with their plural forms (Intl.PluralRules: one/few/many for Ukrainian and Russian).
 */
import type { Locale } from '../constants.js';
import { groupedNames, type AlertKind } from './alerts.js';

export type AlertMessage =
  | { kind: 'screenOffline'; names: readonly string[]; minutes: number }
  | { kind: 'screenOnline' | 'unplanned' | 'playlistExpiring'; names: readonly string[] }
  | { kind: 'exportReady'; name: string }
  | { kind: 'lowFunds'; balance: string };

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface Texts {
  subjects: Record<AlertKind, string>;
  /** "A, B and 3 more". */
  more: (shown: string, more: number) => string;
  offline: (minutes: string) => string;
  online: string;
  unplanned: string;
  expiring: string;
  exportReady: (name: string) => string;
  lowFunds: (balance: string) => string;
  minutes: Forms;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    subjects: {
      screenOffline: 'Screens offline',
      screenOnline: 'Screens back online',
      unplanned: 'Content could not be planned',
      playlistExpiring: 'Playlists expiring',
      exportReady: 'Export ready',
      lowFunds: 'Low funds',
    },
    more: (shown, more) => `${shown} and ${more} more`,
    offline: (minutes) => `offline for ${minutes} or more`,
    online: 'back online',
    unplanned: 'content could not be planned',
    expiring: 'expiring soon',
    exportReady: (name) => `the export "${name}" is ready to download`,
    lowFunds: (balance) => `funds are low (${balance}): please recharge your balance`,
    minutes: { one: 'minute', other: 'minutes' },
  },
  ua: {
    subjects: {
      screenOffline: 'Екрани не на зв’язку',
      screenOnline: 'Екрани знову на зв’язку',
      unplanned: 'Контент не вдалося запланувати',
      playlistExpiring: 'Плейлисти скоро закінчуються',
      exportReady: 'Експорт готовий',
      lowFunds: 'Закінчуються кошти',
    },
    more: (shown, more) => `${shown} і ще ${more}`,
    offline: (minutes) => `не на зв’язку ${minutes} або довше`,
    online: 'знову на зв’язку',
    unplanned: 'контент не вдалося запланувати',
    expiring: 'скоро закінчуються',
    exportReady: (name) => `експорт «${name}» готовий до завантаження`,
    lowFunds: (balance) => `закінчуються кошти (${balance}): поповніть баланс`,
    minutes: { one: 'хвилину', few: 'хвилини', many: 'хвилин', other: 'хвилини' },
  },
  it: {
    subjects: {
      screenOffline: 'Schermi offline',
      screenOnline: 'Schermi di nuovo online',
      unplanned: 'Contenuti non pianificabili',
      playlistExpiring: 'Playlist in scadenza',
      exportReady: 'Esportazione pronta',
      lowFunds: 'Fondi in esaurimento',
    },
    more: (shown, more) => `${shown} e altri ${more}`,
    offline: (minutes) => `offline da ${minutes} o più`,
    online: 'di nuovo online',
    unplanned: 'impossibile pianificare i contenuti',
    expiring: 'in scadenza a breve',
    exportReady: (name) => `l’esportazione «${name}» è pronta per il download`,
    lowFunds: (balance) => `fondi in esaurimento (${balance}): ricarica il saldo`,
    minutes: { one: 'minuto', other: 'minuti' },
  },
  ru: {
    subjects: {
      screenOffline: 'Экраны не на связи',
      screenOnline: 'Экраны снова на связи',
      unplanned: 'Контент не удалось запланировать',
      playlistExpiring: 'Плейлисты скоро заканчиваются',
      exportReady: 'Экспорт готов',
      lowFunds: 'Заканчиваются средства',
    },
    more: (shown, more) => `${shown} и ещё ${more}`,
    offline: (minutes) => `не на связи ${minutes} или дольше`,
    online: 'снова на связи',
    unplanned: 'контент не удалось запланировать',
    expiring: 'скоро заканчиваются',
    exportReady: (name) => `экспорт «${name}» готов к загрузке`,
    lowFunds: (balance) => `заканчиваются средства (${balance}): пополните баланс`,
    minutes: { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' },
  },
};

/** The BCP 47 language of a locale (the cabinet says 'ua' for Ukrainian). */
const language = (locale: Locale): string => (locale === 'ua' ? 'uk' : locale);

/** "5 minutes", "21 хвилину", "5 минут": the number with its plural form in the locale. */
export function countText(locale: Locale, n: number, forms: Forms): string {
  const rule = new Intl.PluralRules(language(locale)).select(n);
  return `${n} ${forms[rule] ?? forms.other}`;
}

/** An alert's subject (e-mail) and text in the locale; names beyond the first ten are counted. */
export function alertText(locale: Locale, message: AlertMessage): { subject: string; text: string } {
  const t = TEXTS[locale];
  const list = (names: readonly string[]): string => {
    const { names: shown, more } = groupedNames(names);
    return more > 0 ? t.more(shown.join(', '), more) : shown.join(', ');
  };
  const subject = t.subjects[message.kind];
  switch (message.kind) {
    case 'screenOffline':
      return {
        subject,
        text: `${t.offline(countText(locale, message.minutes, t.minutes))}: ${list(message.names)}`,
      };
    case 'screenOnline':
      return { subject, text: `${t.online}: ${list(message.names)}` };
    case 'unplanned':
      return { subject, text: `${t.unplanned}: ${list(message.names)}` };
    case 'playlistExpiring':
      return { subject, text: `${t.expiring}: ${list(message.names)}` };
    case 'exportReady':
      return { subject, text: t.exportReady(message.name) };
    case 'lowFunds':
      return { subject, text: t.lowFunds(message.balance) };
  }
}
