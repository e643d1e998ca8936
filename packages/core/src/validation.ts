import { PASSWORD_MIN_LENGTH } from './constants.js';

/** Messages of spec §5, word for word. The web shows them; the server answers with them. */
export const MESSAGES = {
  required: 'Required field',
  invalid: 'Invalid data',
  invalidEmail: 'Invalid e-mail',
  passwordWeak: 'Not enough strong. Please use letters and digits',
  passwordStrict: 'Not enough strong. Please use upper and lower case letters, digits and special characters',
  notEqual: 'Not equal',
  shouldNotBeEqual: 'Should not be equal',
  unknownField: 'Unknown field',
  invalidJson: 'Invalid JSON',
  loginChars: 'Use letters, digits and . _ - @ only',
  adminCabinet: 'Admins belong to the platform cabinet',
  adminRoleSwitch: 'Platform admins and cabinet members can not change places',
  selfChange: 'You can not block yourself or change your own role',
  controlCharacters: 'Control characters are not allowed',
  amountTooLarge: 'The amount is too large',
  balanceTooLarge: 'The balance can not hold that much',
} as const;

/** Letters and digits: the ordinary rule for every account. */
export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(value) && /\p{Nd}/u.test(value);
}

/** Upper and lower case letters, digits and special characters: the rule for platform admins. */
export function isStrictPassword(value: string): boolean {
  return (
    isStrongPassword(value) &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /[^\p{L}\p{Nd}\s]/u.test(value)
  );
}

/**
 * A path we may send a user back to after sign-in (spec §2, §5): local, starting with one slash,
 * limited safe characters. Anything else (//evil.com, /\evil, javascript:) is refused.
 */
export function isSafeRedirect(path: unknown): path is string {
  return typeof path === 'string' && path.length <= 512 && /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%]*$/.test(path);
}
