/**
 * Stable error codes: what every error body carries ({ message, code }), with the HTTP status and the
 * default message (spec §8 wording where it has one).
 */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: 'Invalid data' },
  INVALID_JSON: { status: 400, message: 'Invalid JSON' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  USER_NOT_FOUND: { status: 401, message: 'User not found' },
  TOKEN_EXPIRED: { status: 401, message: 'Session expired' },
  FORBIDDEN: { status: 403, message: 'Forbidden' },
  USER_BLOCKED: { status: 403, message: 'User is blocked' },
  CABINET_BLOCKED: { status: 403, message: 'Cabinet is blocked' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'E-mail is not verified' },
  TARIFF_NOT_ALLOWED: {
    status: 403,
    message: 'Performing this action is not allowed with current tariff plan',
  },
  BALANCE_NOT_ENOUGH: {
    status: 402,
    message: 'You can not perform this action because your balance is not enough',
  },
  TARIFF_IN_USE: {
    status: 409,
    message: 'This tariff is in use: move its cabinets to another tariff before removing it',
  },
  TARIFF_DEFAULT: {
    status: 409,
    message: 'New cabinets start on this tariff: it cannot be removed',
  },
  NOT_FOUND: { status: 404, message: 'Not found' },
  LOGIN_TAKEN: { status: 409, message: 'Login already taken' },
  EMAIL_TAKEN: { status: 409, message: 'E-mail already taken' },
  LINK_INVALID: { status: 400, message: 'The link is invalid or expired' },
  WRONG_PASSWORD: { status: 400, message: 'Wrong current password' },
  CANNOT_REMOVE_SELF: { status: 400, message: 'You can not remove yourself' },
  FILE_EXISTS: { status: 409, message: 'File already exist' },
  FOLDER_EXISTS: { status: 409, message: 'Folder already exist' },
  TAG_EXISTS: { status: 409, message: 'Tag already exists' },
  CONFLICT: { status: 409, message: 'The data changed meanwhile. Please try again' },
  FOLDER_MOVE_INVALID: { status: 400, message: 'A folder cannot be moved into itself' },
  UPLOAD_INVALID: { status: 400, message: 'Failed' },
  UPLOAD_TOO_LARGE: { status: 413, message: 'File is too large' },
  UPLOAD_TOO_SMALL: { status: 400, message: 'File is too small' },
  QUOTA_EXCEEDED: { status: 413, message: 'Not enough space in the library' },
  URL_BLOCKED: { status: 400, message: 'This address can not be fetched' },
  URL_FETCH_FAILED: { status: 400, message: 'The file could not be fetched' },
  EXPORT_TOO_LARGE: {
    status: 400,
    message: 'Too many rows for one file: choose a shorter period or fewer screens',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  TWOFA_REQUIRED: { status: 401, message: 'Two-factor code required' },
  TWOFA_WRONG: { status: 400, message: 'Wrong code' },
  TWOFA_REUSED: { status: 400, message: 'This code was used already: use a new one' },
  TWOFA_NOT_ENABLED: { status: 400, message: 'Two-factor authentication is not enabled' },
  MESSENGER_UNAVAILABLE: { status: 409, message: 'Telegram alerts are not set up on this server' },
  OIDC_FAILED: { status: 400, message: 'External sign-in failed' },
  OIDC_NOT_LINKED: { status: 400, message: 'No account is linked to this sign-in' },
  TWOFA_SETUP_REQUIRED: {
    status: 403,
    message: 'This cabinet requires two-factor authentication: turn it on to continue',
  },
  BOT_CHECK_REQUIRED: { status: 400, message: 'Please confirm that you are not a robot' },
  BOT_CHECK_FAILED: { status: 400, message: 'The check that you are not a robot failed: please try again' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please try again later' },
  SIGN_IN_LOCKED: {
    status: 429,
    message: 'Too many failed sign-ins: we can e-mail you a link that unlocks sign-in in this browser',
  },
  INTERNAL: { status: 500, message: 'Internal server error' },
  UNAVAILABLE: { status: 503, message: 'Service unavailable' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** Per-field messages for invalid input, keyed by dotted path. */
  fields?: Record<string, string>;
  /** Values to offer instead of a refused one (an unreachable periodicity). */
  suggestions?: number[];
  /** What to do next (spec §8: 'Please recharge your balance', 'Please switch to another tariff'). */
  hint?: string;
  /** The cheapest tariff that would allow a refused action, when one does. */
  tariff?: string;
}
