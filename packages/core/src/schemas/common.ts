import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PASSWORD_MIN_LENGTH } from '../constants.js';
import { MESSAGES, isStrictPassword, isStrongPassword } from '../validation.js';

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

export const idSchema = z.coerce.number().int().positive().max(2147483647);
export const IdParams = z.strictObject({ id: idSchema });
export type IdParams = z.infer<typeof IdParams>;

export const IdsBody = z.strictObject({ ids: z.array(idSchema).min(1).max(1000) });
export type IdsBody = z.infer<typeof IdsBody>;

export const PageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});

export const emailSchema = z.email().max(254);
export const loginSchema = z
  .string()
  .trim()
  .min(3)
  .max(50)
  .regex(/^[A-Za-z0-9._@-]+$/, { error: MESSAGES.loginChars });
export const nameSchema = z.string().trim().min(1).max(100);

/** The ordinary password rule of spec §5: minimum 8, letters and digits. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(200)
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
