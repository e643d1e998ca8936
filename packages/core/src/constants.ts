/** Constants and defaults from spec §1 and §9. */
export const LOCALES = ['en', 'ua', 'it', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_DAYS = 365;

export const BRANDS = ['default', 'local', 'dev-local', 'dev', 'stage', 'modern', 'modern-local'] as const;
export type Brand = (typeof BRANDS)[number];

export const TARIFFS = ['free', 'audio', 'pro', 'proPlus', 'enterprise', 'nonCommercial'] as const;
export type Tariff = (typeof TARIFFS)[number];

export const PAGE_SIZES = [10, 100, 1000] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;
/** Screens one command may address: a whole fleet of 10,000 at once (every page of the list selected). */
export const MAX_COMMAND_SCREENS = 10_000;

export const PASSWORD_MIN_LENGTH = 8;
export const TWO_FA_CODE_LENGTH = 6;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const DRAWER_OPEN_MIN_WIDTH = 1256;
/** Spec §9: a search (or a filter typed) asks the server this long after the last key. */
export const FETCH_DELAY_MS = 200;
/** Spec §9: a link in view has its page fetched ahead when the browser is idle, at the latest after this. */
export const PREFETCH_TIMEOUT_MS = 2000;
/** Spec §9: the share of an element that must be in view for it to count as seen. */
export const INTERSECTION_THRESHOLD = 0.1;
/**
 * Spec §3's layout modes of the library's views: LIST (a table with details), NARROW (compact rows, picture
 * and name), EXTENDED (large tiles with every detail), FILL (tiles that fill the width), CAPACITY (small
 * tiles, as many as the width holds).
 */
export const LAYOUT_MODES = ['LIST', 'NARROW', 'EXTENDED', 'FILL', 'CAPACITY'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];
export const CABINET_QUOTA_BYTES = 4294967296;
export const ROOT_FOLDER_ID = 0;
