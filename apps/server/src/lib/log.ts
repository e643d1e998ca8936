import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What the server's log may say about a failure or a request. Never the values of a failed statement (they
 * hold password hashes, token digests and whatever a person typed), never a bearer token or a URL
 * signature: a failed query is logged as its SQL text with placeholders, a database error by its code and
 * message without the row it quotes, and secrets in a logged address are cut.
 */

const STACK_FRAMES = /\n\s+at [\s\S]*$/;

/** Values PostgreSQL quotes at the end of a message ('invalid input syntax for type integer: "x"'). */
const quotedValue = (message: string): string => message.replace(/: ".*"$/s, ': "…"');

/** A database driver's error (pg, PGlite): a five-character SQLSTATE and a severity. */
function isDatabaseError(error: Error): error is Error & { code: string } {
  const e = error as Error & { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  query?: string;
  table?: string;
  constraint?: string;
  cause?: LoggedError;
}

export function serializeError(error: unknown): LoggedError {
  return serializeAt(error, 0);
}

function serializeAt(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: String(error).slice(0, 500), stack: '' };
  }
  const frames = STACK_FRAMES.exec(error.stack ?? '')?.[0] ?? '';
  if (error instanceof DrizzleQueryError) {
    return {
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: error.query,
      stack: `DrizzleQueryError: Failed query${frames}`,
      ...(error.cause && depth < 3 ? { cause: serializeAt(error.cause, depth + 1) } : {}),
    };
  }
  if (isDatabaseError(error)) {
    const e = error as Error & { table?: string; constraint?: string };
    const message = quotedValue(error.message);
    return {
      type: error.name,
      message,
      code: error.code,
      ...(e.table ? { table: e.table } : {}),
      ...(e.constraint ? { constraint: e.constraint } : {}),
      stack: `${error.name}: ${message}${frames}`,
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeAt(error.cause, depth + 1) } : {}),
  };
}

/** Query values that grant access: a device's socket token, a signed address's signature. */
const SECRET_QUERY = /([?&](?:token|sig)=)[^&#]*/gi;
/** A package's signed path: /api/file/{id}/package/{exp}/{sig}/... */
const SECRET_PATH = /(\/api\/file\/\d+\/package\/\d+\/)[^/]+/;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1…').replace(SECRET_PATH, '$1…');
}

/** Fastify's logger serializers: errors and requests as above. */
export const logSerializers = {
  err: serializeError,
  error: serializeError,
  req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
  }),
};
