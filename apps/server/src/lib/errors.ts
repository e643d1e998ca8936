import { ERRORS, type ErrorCode } from '@vitrine/core';

/** A failure a client may see: a stable code, its HTTP status and a message (spec wording by default). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** Values the client may offer instead (an unreachable periodicity, spec §5). */
  readonly suggestions?: number[];
  /** What to do next, and the tariff that would allow the action (billing refusals, spec §8). */
  readonly hint?: string;
  readonly tariff?: string;

  constructor(
    code: ErrorCode,
    message?: string,
    fields?: Record<string, string>,
    extra?: { suggestions?: number[]; hint?: string; tariff?: string },
  ) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    if (fields) this.fields = fields;
    if (extra?.suggestions?.length) this.suggestions = extra.suggestions;
    if (extra?.hint) this.hint = extra.hint;
    if (extra?.tariff) this.tariff = extra.tariff;
  }
}

export const notFound = (): AppError => new AppError('NOT_FOUND');

/** A per-field validation failure raised by a service rule rather than a schema. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { [field]: message });
}
