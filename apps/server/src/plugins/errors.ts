import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, MESSAGES, type ErrorBody, type ErrorCode } from '@vitrine/core';
import { dataRefused, foreignKeyViolation } from '../db/errors.js';
import { AppError } from '../lib/errors.js';

function body(code: ErrorCode, message?: string, fields?: Record<string, string>): ErrorBody {
  return { message: message ?? ERRORS[code].message, code, ...(fields ? { fields } : {}) };
}

/** Per-field messages from the schema's issues, keyed by dotted path; the first becomes the message. */
function validationBody(error: FastifyError): ErrorBody {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const issue of error.validation ?? []) {
    const params = issue.params as { keys?: unknown };
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
      for (const key of params.keys) fields[String(key)] = MESSAGES.unknownField;
      message ??= `${MESSAGES.unknownField}: ${params.keys.join(', ')}`;
      continue;
    }
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[path] ??= issue.message ?? MESSAGES.invalid;
    message ??= fields[path];
  }
  return body('VALIDATION_ERROR', message ?? MESSAGES.invalid, fields);
}

/**
 * One error handler for the whole API: typed application errors keep their code and message, schema
 * failures become 400 with per-field messages, framework errors map to stable codes, and anything else is
 * logged and answered with a bare 500. No stack trace ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const sent = body(error.code, error.message, error.fields);
      if (error.suggestions) sent.suggestions = error.suggestions;
      if (error.hint) sent.hint = error.hint;
      if (error.tariff) sent.tariff = error.tariff;
      return reply.code(error.status).send(sent);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationBody(error));
    }
    if (foreignKeyViolation(error)) return reply.code(409).send(body('CONFLICT'));
    if (dataRefused(error)) {
      request.log.warn({ err: error }, 'the database refused a value no schema checked');
      return reply.code(400).send(body('VALIDATION_ERROR', MESSAGES.invalid));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(body('PAYLOAD_TOO_LARGE'));
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(body('UNSUPPORTED_MEDIA_TYPE'));
    }
    if (status === 429) return reply.code(429).send(body('RATE_LIMITED'));
    if (status === 400) {
      // Malformed JSON, an empty JSON body, a bad content length: the request could not be read.
      request.log.info({ code: error.code }, 'unreadable request');
      return reply.code(400).send(body('INVALID_JSON'));
    }
    if (status === 401) return reply.code(401).send(body('UNAUTHORIZED'));
    if (status === 403) return reply.code(403).send(body('FORBIDDEN'));
    if (status === 404) return reply.code(404).send(body('NOT_FOUND'));
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body('VALIDATION_ERROR', MESSAGES.invalid));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body('INTERNAL'));
  });
}
