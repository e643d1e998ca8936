/**
 * The strings' top-level sections the pages outside the layout need (sign-in, sign-up, recovery, the
 * e-mail check, the error pages) and every message a refusal may be translated with (lib/messages.ts). A
 * first visit loads these alone; the other sections follow when a page of the layout opens
 * (`loadAllStrings`). A string of the first pages in a section not named here shows as its key: add the
 * section.
 */
export const FIRST_SECTIONS = [
  'login',
  'register',
  'recover',
  'verify',
  'unlock',
  'botCheck',
  'external',
  'common',
  'notify',
  'layout',
  'help',
  'brand',
  'confirm',
  'errors',
  'validation',
  'playlistMessages',
  'pointMessages',
  'twofaMessages',
  'wallMessages',
  'funds',
] as const;

/** The two parts a locale's strings are built into (scripts/vite/locale-strings.ts). */
export type StringsPart = 'first' | 'rest';

/** A locale's strings cut to one part: the first sections, or all the others. */
export function partOf(strings: Record<string, unknown>, part: StringsPart): Record<string, unknown> {
  const first = new Set<string>(FIRST_SECTIONS);
  return Object.fromEntries(Object.entries(strings).filter(([key]) => first.has(key) === (part === 'first')));
}
