import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PASSWORD_MIN_LENGTH } from '../constants.js';
import { MESSAGES, isStrictPassword, isStrongPassword } from '../validation.js';
import { isDate } from '../zone.js';

/**
 * Default messages for every schema: spec §5 wording ('Required field', 'Invalid data', 'Invalid e-mail')
 * instead of zod's developer-facing text. A message set on a schema still wins over these.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.invalid;
      case 'invalid_format':
        if (issue.input === '') return MESSAGES.required;
        return issue.format === 'email' ? MESSAGES.invalidEmail : MESSAGES.invalid;
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1 || issue.input === ''
            ? MESSAGES.required
            : `Minimum ${issue.minimum} characters`;
        }
        return MESSAGES.invalid;
      case 'too_big':
        return issue.origin === 'string' ? `Maximum ${issue.maximum} characters` : MESSAGES.invalid;
      case 'unrecognized_keys':
        return `${MESSAGES.unknownField}: ${issue.keys.join(', ')}`;
      default:
        return MESSAGES.invalid;
    }
  },
});

/** The largest value of a PostgreSQL integer column: every id and counter the API takes stays within it. */
export const INT4_MAX = 2147483647;
export const INT4_MIN = -2147483648;

/**
 * Control characters (C0, DEL, C1) and lone UTF-16 surrogates: never part of text a person or a screen
 * means to send, and PostgreSQL refuses a NUL outright. Every string the API takes is checked with one of
 * these two patterns (a generated test walks every route's schemas for it).
 */
export const ONE_LINE = /^[^\p{Cc}\p{Cs}]*$/u;
/** The same, but tab, line feed and carriage return are allowed (JSON text, log lines). */
export const MULTI_LINE = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u;

export interface TextOptions {
  /** Fewest characters (after trimming); 1 makes the field required ('Required field'). */
  min?: number;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
  /** Allow tab, line feed and carriage return. */
  multiline?: boolean;
}

/** Text the API takes: at most `max` characters, trimmed, without control characters. */
export function text(max: number, options: TextOptions = {}) {
  const base = options.trim === false ? z.string() : z.string().trim();
  const checked = base.regex(options.multiline ? MULTI_LINE : ONE_LINE, {
    error: MESSAGES.controlCharacters,
  });
  return (options.min ? checked.min(options.min) : checked).max(max);
}

/** An opaque secret a client sends back (refresh tokens, e-mail links, URL signatures): base64url. */
export function secretSchema(min: number, max: number) {
  return z
    .string()
    .regex(ONE_LINE, { error: MESSAGES.controlCharacters })
    .regex(/^[A-Za-z0-9_-]*$/, { error: MESSAGES.invalid })
    .min(min)
    .max(max);
}

/**
 * A signed address's expiry (unix seconds) and signature, as the signer issues them; `v`, outside the
 * signature, is a version for caches: a new picture under the same key gets a new address.
 */
export const SignedQuery = z.strictObject({
  exp: z.coerce.number().int().min(0).max(INT4_MAX),
  sig: secretSchema(1, 100),
  v: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
});

/** A row id: a positive PostgreSQL integer, from a path, a query string or a body. */
export const idSchema = z.coerce.number().int().positive().max(INT4_MAX);
/** A whole number within a PostgreSQL integer column (coerced from a query string where needed). */
export const int4 = (min: number = INT4_MIN, max: number = INT4_MAX) =>
  z.coerce.number().int().min(min).max(max);

/**
 * A whole number that may pass int4 (bytes, kept in a bigint column or in JSON): up to 2^53 - 1. Marked,
 * so the generated check of every input schema knows it is meant.
 */
export const int64 = (min = 0) =>
  z.number().int().min(min).max(Number.MAX_SAFE_INTEGER).meta({ int64: true });

type WithoutDefault<S> = S extends z.ZodDefault<infer I> ? I : S extends z.ZodPrefault<infer I> ? I : S;
type PatchShape<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<WithoutDefault<T[K]>> };

/**
 * The patch of an input schema: every field optional and none defaulted, so a patch changes exactly the
 * fields it names. (zod's own `.partial()` keeps defaults: a patch naming only `name` would reset every
 * defaulted field.) A generated test patches one field at a time through every patch route.
 */
export function patchOf<T extends z.ZodRawShape>(
  schema: z.ZodObject<T, z.core.$strict>,
): z.ZodObject<PatchShape<T>, z.core.$strict> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    let inner = field as z.ZodType;
    while (inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) {
      inner = inner.unwrap() as z.ZodType;
    }
    shape[key] = inner.optional();
  }
  return z.strictObject(shape) as unknown as z.ZodObject<PatchShape<T>, z.core.$strict>;
}
export const IdParams = z.strictObject({ id: idSchema });
export type IdParams = z.infer<typeof IdParams>;

export const IdsBody = z.strictObject({ ids: z.array(idSchema).min(1).max(1000) });
export type IdsBody = z.infer<typeof IdsBody>;

export const PageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: text(200).optional(),
});

export const emailSchema = z.email().regex(ONE_LINE, { error: MESSAGES.invalidEmail }).max(254);
export const loginSchema = text(50, { min: 3 }).regex(/^[A-Za-z0-9._@-]+$/, { error: MESSAGES.loginChars });
export const nameSchema = text(100, { min: 1 });
/** A day, 'YYYY-MM-DD'. */
export const dateSchema = text(10).refine(isDate, { error: MESSAGES.invalid });
/** '#rrggbb'. */
export const colorSchema = text(7).regex(/^#[0-9a-fA-F]{6}$/, { error: MESSAGES.invalid });

/** The ordinary password rule of spec §5: minimum 8, letters and digits. */
export const passwordSchema = text(200, { trim: false })
  .min(PASSWORD_MIN_LENGTH)
  .refine(isStrongPassword, { error: MESSAGES.passwordWeak });

/** The stricter rule (upper and lower case, digits, special characters), applied to platform admins. */
export const strictPasswordSchema = passwordSchema.refine(isStrictPassword, {
  error: MESSAGES.passwordStrict,
});

export const OkResponse = z.object({ ok: z.literal(true) });

export const ErrorResponse = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  suggestions: z.array(z.number()).optional(),
});
