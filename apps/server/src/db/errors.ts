type DriverError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The SQLSTATE of the first driver error in the chain, if any. */
function stateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as DriverError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as DriverError).cause;
  }
  return undefined;
}

/**
 * A value the database refused as data: a data exception (class 22: a NUL in text, a number out of a
 * column's range, malformed input) or a program limit (class 54: a value too large for an index). Input is
 * validated before it reaches a query, so this is a gap in a schema: the request is answered 400 rather
 * than 500, and the gap is logged to be closed.
 */
export function dataRefused(error: unknown): boolean {
  const state = stateOf(error);
  return state !== undefined && (state.startsWith('22') || state.startsWith('54'));
}

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

/** A check constraint (23514) refused the write, by name: e.g. a balance that would go below zero. */
export function checkViolation(error: unknown, constraint: string): boolean {
  const e = withState(error, '23514');
  if (!e) return false;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

/**
 * A statement the database ended to break a deadlock (40P01) or a serialization failure (40001): nothing
 * was written, and the same statement may simply be sent again.
 */
export function transientConflict(error: unknown): boolean {
  const state = stateOf(error);
  return state === '40P01' || state === '40001';
}
