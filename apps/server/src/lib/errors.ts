import { ERRORS, type ErrorCode } from '@vitrine/core';

/** A failure a client may see: a stable code, its HTTP status and a message (spec wording by default). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    if (fields) this.fields = fields;
  }
}

export const notFound = (): AppError => new AppError('NOT_FOUND');

/** A per-field validation failure raised by a service rule rather than a schema. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { [field]: message });
}
