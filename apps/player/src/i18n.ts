/**
 * The few words a screen shows before it plays anything, in the cabinet's four languages. Everything else
 * the player shows (status lines, errors) is in English, like its log.
 */

export const LOCALES = ['en', 'ua', 'it', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

export interface Strings {
  /** Under the pairing code. */
  instruction: string;
  /** Beside the QR code. */
  scan: string;
  /** The idle screen, when the screen has nothing to play. */
  noContent: string;
  /** While the player reaches the server. */
  connecting: string;
  /** The web player's preview of a screen (`?id=`, src/preview.ts): the badge, `{name}` the screen's. */
  previewOf: string;
  /** The preview without a session in the cabinet. */
  previewSignIn: string;
  /** The link to the cabinet's sign-in. */
  signIn: string;
  /** The preview of a screen the cabinet does not have, or the person's role may not see. */
  previewNotFound: string;
  /** The preview's content could not be loaded. */
  previewFailed: string;
}

const STRINGS: Record<Locale, Strings> = {
  en: {
    instruction: 'Open the cabinet → Media devices → Add screen, and type this code',
    scan: 'or scan the QR code with a phone signed in to the cabinet',
    noContent: 'No content yet',
    connecting: 'Connecting…',
    previewOf: 'Preview: {name}',
    previewSignIn: 'Sign in to the cabinet to preview this screen.',
    signIn: 'Sign in',
    previewNotFound: 'This screen is not in your cabinet, or your role may not preview it.',
    previewFailed: "The screen's content could not be loaded. Try again later.",
  },
  ua: {
    instruction: 'Відкрийте кабінет → Медіапристрої → Додати екран і введіть цей код',
    scan: 'або відскануйте QR-код телефоном, на якому відкрито кабінет',
    noContent: 'Контенту ще немає',
    connecting: 'Підключення…',
    previewOf: 'Попередній перегляд: {name}',
    previewSignIn: 'Увійдіть до кабінету, щоб переглянути цей екран.',
    signIn: 'Увійти',
    previewNotFound: 'Цього екрана немає у вашому кабінеті, або ваша роль не дозволяє його переглядати.',
    previewFailed: 'Не вдалося завантажити контент екрана. Спробуйте пізніше.',
  },
  it: {
    instruction: 'Apri il pannello → Dispositivi multimediali → Aggiungi schermo e digita questo codice',
    scan: 'oppure inquadra il codice QR con un telefono collegato al pannello',
    noContent: 'Ancora nessun contenuto',
    connecting: 'Connessione…',
    previewOf: 'Anteprima: {name}',
    previewSignIn: "Accedi al pannello per vedere l'anteprima di questo schermo.",
    signIn: 'Accedi',
    previewNotFound:
      "Questo schermo non è nel tuo pannello, oppure il tuo ruolo non ne consente l'anteprima.",
    previewFailed: 'Impossibile caricare il contenuto dello schermo. Riprova più tardi.',
  },
  ru: {
    instruction: 'Откройте кабинет → Медиаустройства → Добавить экран и введите этот код',
    scan: 'или отсканируйте QR-код телефоном, на котором открыт кабинет',
    noContent: 'Контента пока нет',
    connecting: 'Подключение…',
    previewOf: 'Предпросмотр: {name}',
    previewSignIn: 'Войдите в кабинет, чтобы посмотреть этот экран.',
    signIn: 'Войти',
    previewNotFound: 'Этого экрана нет в вашем кабинете, или ваша роль не позволяет его просматривать.',
    previewFailed: 'Не удалось загрузить контент экрана. Попробуйте позже.',
  },
};

/** The first of the browser's languages the player knows ('uk' is Ukrainian, which the cabinet calls 'ua'). */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (base === 'uk' || base === 'ua') return 'ua';
    if (base === 'en' || base === 'it' || base === 'ru') return base;
  }
  return 'en';
}

export function stringsFor(locale: Locale): Strings {
  return STRINGS[locale];
}

export function browserLanguages(): string[] {
  const list = navigator.languages?.length ? [...navigator.languages] : [];
  return navigator.language ? [...list, navigator.language] : list;
}
