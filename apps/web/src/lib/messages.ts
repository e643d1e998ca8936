import {
  ERRORS,
  MESSAGES,
  PLAYLIST_MESSAGES,
  POINT_MESSAGES,
  QR_MESSAGES,
  TWOFA_MESSAGES,
  UPLOAD_MESSAGES,
  WALL_MESSAGES,
  type ErrorBody,
  type ErrorCode,
} from '@vitrine/core';
import i18n from '../i18n';

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERRORS, code);

/**
 * The message catalogues of packages/core: every message the server or a shared schema says is one of
 * these constants, kept under a stable key, and its translation sits under the same key. A field message
 * is therefore translated through the key of the constant it is, never by the meaning of its words.
 */
const CATALOGUE = new Map<string, string>([
  ...Object.entries(MESSAGES).map(([key, text]) => [text, `validation.${key}`] as const),
  ...Object.entries(PLAYLIST_MESSAGES).map(([key, text]) => [text, `playlistMessages.${key}`] as const),
  ...Object.entries(QR_MESSAGES).map(([key, text]) => [text, `qr.${key}`] as const),
  ...Object.entries(TWOFA_MESSAGES).map(([key, text]) => [text, `twofaMessages.${key}`] as const),
  ...(['bindingFailed', 'changeStatusSent', 'invalidJson', 'unsupported'] as const).map(
    (key) => [POINT_MESSAGES[key], `pointMessages.${key}`] as const,
  ),
  ...Object.entries(WALL_MESSAGES).map(([key, text]) => [text, `wallMessages.${key}`] as const),
  [UPLOAD_MESSAGES.alreadyExists, 'errors.FILE_EXISTS'],
  [UPLOAD_MESSAGES.alreadyUploaded, 'uploader.alreadyUploaded'],
  [UPLOAD_MESSAGES.failed, 'uploader.failed'],
  [UPLOAD_MESSAGES.leaveWarning, 'uploader.leaveWarning'],
]);

/** The uploader's messages (spec §5): a file name and a value (extensions, a size). */
const UPLOADER: [RegExp, string][] = [
  [/^(.+) has invalid extension\. Only (.+) are allowed\.$/, 'uploader.invalidExtension'],
  [/^(.+) is too large, maximum file size is (.+)\.$/, 'uploader.tooLarge'],
  [/^(.+) is too small, minimum file size is (.+)\.$/, 'uploader.tooSmall'],
  [/^(.+) is empty, please select files again without it\.$()/, 'uploader.empty'],
  [/^(.+) is not what its extension says\.$()/, 'uploader.contentMismatch'],
  [/^(.+) could not be unpacked safely\.$()/, 'uploader.unsafeArchive'],
];

/**
 * Messages that carry values (a file name, a size, a number of characters) cannot be constants: they are
 * recognised by their spec wording (§5) and translated with their values. Only these are matched as text.
 */
function withValues(message: string): string | undefined {
  const min = /^Minimum (\d+) characters$/.exec(message);
  if (min) return i18n.t('validation.minLength', { count: Number(min[1]) });
  const max = /^Maximum (\d+) characters$/.exec(message);
  if (max) return i18n.t('validation.maxLength', { count: Number(max[1]) });
  if (message.startsWith(`${MESSAGES.unknownField}: `)) return i18n.t('validation.unknownField');
  const created = /^Screen (.+) created$/.exec(message);
  if (created) return i18n.t('pointMessages.created', { name: created[1] });
  const photo = /^File size should be less than (.+)$/.exec(message);
  if (photo) return i18n.t('pointMessages.photoTooLarge', { size: photo[1] });
  if (message.startsWith(`${PLAYLIST_MESSAGES.fileInUse}: `))
    return i18n.t('playlistMessages.fileInUseNamed', {
      names: message.slice(PLAYLIST_MESSAGES.fileInUse.length + 2),
    });
  for (const [pattern, key] of UPLOADER) {
    const match = pattern.exec(message);
    if (match) return i18n.t(key, { file: match[1], value: match[2] });
  }
  return undefined;
}

/** A catalogue message through its key, or one with values; undefined for anything else. */
const known = (message: string): string | undefined => {
  const key = CATALOGUE.get(message);
  return key ? i18n.t(key) : withValues(message);
};

/**
 * A message of the shared catalogues (a schema's refusal, a notice the server attached) in the user's
 * language; anything else as it came.
 */
export const translateMessage = (message: string): string => known(message) ?? message;

/**
 * A field's message: the refusal's own message through its code, else through its catalogue key. A
 * caller that kept no code (a form showing a bare refusal as its '_' field) has the codes' own messages
 * looked up as the last resort.
 */
function translateField(message: string, code: ErrorCode | undefined): string | undefined {
  if (code) return message === ERRORS[code].message ? i18n.t(`errors.${code}`) : known(message);
  const own = (Object.keys(ERRORS) as ErrorCode[]).find((c) => ERRORS[c].message === message);
  return known(message) ?? (own ? i18n.t(`errors.${own}`) : undefined);
}

/** Per-field messages in the user's language, each through its stable key; unknown ones as they came. */
export function translateFields(
  fields: Record<string, string> | undefined,
  code?: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields ?? {}))
    out[field] = translateField(message, isErrorCode(code) ? code : undefined) ?? message;
  return out;
}

/**
 * Codes whose message names the particular problem (which file, which rule) rather than repeating the
 * code: their message is shown, translated, when it is a known one.
 */
const DETAILED: ReadonlySet<ErrorCode> = new Set([
  'VALIDATION_ERROR',
  'UPLOAD_INVALID',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_TOO_SMALL',
]);

/** A refusal as the server sent it ({ message, code, fields? }): its code may be newer than this bundle. */
export type Refusal = Partial<Omit<ErrorBody, 'code'>> & { code?: string };

/**
 * What a refusal says in the user's language (spec §8), decided by its stable code: a refusal that names
 * fields says what is wrong with the first of them; a detailed code says its known message; every other
 * code says its own translation. A code this version does not know shows the server's message as it came.
 */
export function translateError(body: Refusal): string {
  const { code, message } = body;
  if (!isErrorCode(code)) return message || i18n.t('notify.failed');
  const field = Object.values(body.fields ?? {})[0];
  const detail =
    (field === undefined ? undefined : translateField(field, code)) ??
    (DETAILED.has(code) && message ? known(message) : undefined);
  return withHint(detail ?? i18n.t(`errors.${code}`), body);
}

/**
 * A refusal's field errors in the user's language, each followed by the refusal's hint (what would be
 * accepted: the sizes that fit a wall, say), as forms show them.
 */
export function refusalFields(body: Refusal & { fields: Record<string, string> }): Record<string, string> {
  const out = translateFields(body.fields, body.code);
  for (const field of Object.keys(out)) out[field] = withHint(out[field]!, body);
  return out;
}

/**
 * A message followed by its refusal's hint: billing refusals say what to do next in the user's words
 * (spec §8) and name the tariff that would allow the action; any other hint (data such as sizes that
 * fit) is shown as it came.
 */
function withHint(text: string, body: Refusal): string {
  if (!body.hint) return text;
  if (body.code !== 'BALANCE_NOT_ENOUGH' && body.code !== 'TARIFF_NOT_ALLOWED')
    return `${text}. ${body.hint}`;
  const next = i18n.t(`funds.hints.${body.code}`);
  const tariff = body.tariff
    ? `: ${i18n.t('funds.allowedBy', { tariff: i18n.t(`funds.tariffNames.${body.tariff}`) })}`
    : '';
  return `${text}. ${next}${tariff}`;
}
