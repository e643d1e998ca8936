import {
  ERRORS,
  MESSAGES,
  PLAYLIST_MESSAGES,
  POINT_MESSAGES,
  QR_MESSAGES,
  UPLOAD_MESSAGES,
  type ErrorCode,
} from '@vitrine/core';
import i18n from '../i18n';

const UPLOADER_STATIC = new Map<string, string>([
  [UPLOAD_MESSAGES.alreadyExists, 'errors.FILE_EXISTS'],
  [UPLOAD_MESSAGES.alreadyUploaded, 'uploader.alreadyUploaded'],
  [UPLOAD_MESSAGES.failed, 'uploader.failed'],
  [UPLOAD_MESSAGES.leaveWarning, 'uploader.leaveWarning'],
]);

const byText = new Map<string, string>([
  ...Object.entries(ERRORS).map(([code, { message }]) => [message, `errors.${code}`] as const),
  ...Object.entries(MESSAGES).map(([key, text]) => [text, `validation.${key}`] as const),
  ...Object.entries(PLAYLIST_MESSAGES).map(([key, text]) => [text, `playlistMessages.${key}`] as const),
  ...Object.entries(QR_MESSAGES).map(([key, text]) => [text, `qr.${key}`] as const),
  ...(['bindingFailed', 'changeStatusSent', 'invalidJson', 'unsupported'] as const).map(
    (key) => [POINT_MESSAGES[key], `pointMessages.${key}`] as const,
  ),
]);

/** The uploader's messages (spec §5) carry a file name and a value: matched, then translated. */
const UPLOADER_PATTERNS: [RegExp, string][] = [
  [/^(.+) has invalid extension\. Only (.+) are allowed\.$/, 'uploader.invalidExtension'],
  [/^(.+) is too large, maximum file size is (.+)\.$/, 'uploader.tooLarge'],
  [/^(.+) is too small, minimum file size is (.+)\.$/, 'uploader.tooSmall'],
  [/^(.+) is empty, please select files again without it\.$()/, 'uploader.empty'],
  [/^(.+) is not what its extension says\.$()/, 'uploader.contentMismatch'],
  [/^(.+) could not be unpacked safely\.$()/, 'uploader.unsafeArchive'],
];

/**
 * The server and the shared schemas speak English with stable wording (spec §5, §8). Known messages are
 * shown in the user's language; anything else is shown as it came.
 */
export function translateMessage(message: string, code?: string): string {
  const key = byText.get(message) ?? UPLOADER_STATIC.get(message);
  if (key) return i18n.t(key);
  const min = /^Minimum (\d+) characters$/.exec(message);
  if (min) return i18n.t('validation.minLength', { count: Number(min[1]) });
  const max = /^Maximum (\d+) characters$/.exec(message);
  if (max) return i18n.t('validation.maxLength', { count: Number(max[1]) });
  if (message.startsWith(`${MESSAGES.unknownField}:`)) return i18n.t('validation.unknownField');
  const created = /^Screen (.+) created$/.exec(message);
  if (created) return i18n.t('pointMessages.created', { name: created[1] });
  const tooBig = /^File size should be less than (.+)$/.exec(message);
  if (tooBig) return i18n.t('pointMessages.photoTooLarge', { size: tooBig[1] });
  if (message.startsWith(`${PLAYLIST_MESSAGES.fileInUse}: `))
    return i18n.t('playlistMessages.fileInUseNamed', {
      names: message.slice(PLAYLIST_MESSAGES.fileInUse.length + 2),
    });
  for (const [pattern, key] of UPLOADER_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return i18n.t(key, { file: match[1], value: match[2] });
  }
  if (code && code in ERRORS && message === ERRORS[code as ErrorCode].message)
    return i18n.t(`errors.${code}`);
  return message;
}

/** Per-field messages, translated. */
export function translateFields(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields ?? {})) out[field] = translateMessage(message);
  return out;
}
