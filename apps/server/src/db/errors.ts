/** The constraint a unique violation (SQLSTATE 23505) broke, whichever driver raised it. */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '23505') {
      if (typeof e.constraint === 'string') return e.constraint;
      const match = typeof e.message === 'string' ? /"([^"]+)"/.exec(e.message) : null;
      return match?.[1] ?? 'unknown';
    }
    current = e.cause;
  }
  return undefined;
}
