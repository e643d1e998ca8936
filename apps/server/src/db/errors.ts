type DriverError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The driver error carrying a SQLSTATE, whichever driver raised it (drizzle wraps it in `cause`). */
function withState(error: unknown, state: string): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as DriverError;
    if (e.code === state) return e;
    current = e.cause;
  }
  return undefined;
}

/** The constraint a unique violation (SQLSTATE 23505) broke, whichever driver raised it. */
export function uniqueViolation(error: unknown): string | undefined {
  const e = withState(error, '23505');
  if (!e) return undefined;
  if (typeof e.constraint === 'string') return e.constraint;
  const match = typeof e.message === 'string' ? /"([^"]+)"/.exec(e.message) : null;
  return match?.[1] ?? 'unknown';
}

/**
 * A foreign-key violation (23503): a row named by the request was removed, or became referenced, between
 * the check and the write. The request is refused as a conflict rather than failing.
 */
export function foreignKeyViolation(error: unknown): boolean {
  return withState(error, '23503') !== undefined;
}
