import { ERRORS, type ErrorCode } from '@vitrine/core';

/** A failure a client may see: a stable code, its HTTP status and a message (spec wording by default). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** Values the client may offer instead (an unreachable periodicity, spec §5). */
  readonly suggestions?: number[];

  constructor(
    code: ErrorCode,
    message?: string,
    fields?: Record<string, string>,
    extra?: { suggestions?: number[] },
  ) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    if (fields) this.fields = fields;
    if (extra?.suggestions?.length) this.suggestions = extra.suggestions;
  }
}

export const notFound = (): AppError => new AppError('NOT_FOUND');

/** A per-field validation failure raised by a service rule rather than a schema. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { [field]: message });
}
