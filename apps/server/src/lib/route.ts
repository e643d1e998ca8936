import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RouteHandlerMethod,
} from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { isDeepStrictEqual } from 'node:util';
import { ZodType, safeEncode, type z } from 'zod';
import type { RouteContract } from '@vitrine/core';
import type { App } from '../app-types.js';

type Parsed<S> = S extends z.ZodType ? z.infer<S> : unknown;

/** The request a contract's handler receives: params, query, body and headers as its schemas parse them. */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: Parsed<C['params']>;
  Querystring: Parsed<C['query']>;
  Body: Parsed<C['body']>;
  Headers: Parsed<C['headers']>;
}>;

/** What a handler may answer: what the response schema serialises, or the reply it sent itself. */
export type ContractReply<C extends RouteContract> = C['response'] extends z.ZodType
  ? z.input<C['response']> | FastifyReply
  : unknown;

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<ContractReply<C>> | ContractReply<C>;

/** Route options a contract does not describe: per-route rate limits. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'access'>;
}

/** The Fastify schema of a contract: validation, serialisation and the OpenAPI document. */
export function schemaOf(contract: RouteContract): FastifySchema {
  const response = {
    ...(contract.response ? { 200: contract.response } : {}),
    ...contract.responses,
  };
  return {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.headers ? { headers: contract.headers } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

/**
 * Registers a route from its contract in packages/core: path, method, access key and schemas come from
 * there, so the server and the web client cannot drift apart. The handler is typed by the contract: it
 * must answer what the response schema describes.
 */
export function route<C extends RouteContract>(
  app: App,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
): void {
  app.route({
    method: (typeof contract.method === 'string' ? contract.method : [...contract.method]) as
      HTTPMethods | HTTPMethods[],
    url: contract.path,
    config: {
      ...extras.config,
      access: contract.access,
      ...(contract.billing ? { billing: contract.billing } : {}),
    },
    schema: schemaOf(contract),
    // The contract's types stand in for the type provider's: the schemas are the same objects.
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** A websocket route from its contract: the upgrade request is checked like any other (access, query). */
export function socketRoute<C extends RouteContract>(
  app: App,
  contract: C,
  handler: (socket: WebSocket, request: ContractRequest<C>) => void,
): void {
  app.route({
    method: 'GET',
    url: contract.path,
    config: { access: contract.access },
    schema: schemaOf(contract),
    websocket: true,
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** Replies whose body is JSON text built already (`sendSerialised`), for the tests' check of it. */
const serialisedReplies = new WeakSet<FastifyReply>();

/**
 * Sends JSON text built already (by the database, for a page of a thousand rows) as the route's answer.
 * Fastify sends a string with a JSON content type as it is: the response schema's encode (a zod parse of
 * every row, most of a large page's time) is skipped. The text must be what that encode would send;
 * `checkSerialisedBodies` holds every such answer to it in the tests.
 */
export function sendSerialised(reply: FastifyReply, json: string): FastifyReply {
  serialisedReplies.add(reply);
  // As bytes: compression's size check of a long string (Buffer.byteLength) cost more than encoding it once.
  return reply.type('application/json; charset=utf-8').send(Buffer.from(json));
}

/**
 * The tests' check of `sendSerialised` answers: each must parse, pass the route's response schema and
 * come out of its encode unchanged (no key the schema would strip, no value it would rewrite), i.e. be the
 * answer the schema's serialiser would have sent. A body that is not fails the request (a 500).
 */
export function checkSerialisedBodies(app: App): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!serialisedReplies.has(reply) || !Buffer.isBuffer(payload) || reply.statusCode !== 200)
      return payload;
    const schema = (request.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[200];
    if (!(schema instanceof ZodType)) throw new Error(`${request.url}: a serialised answer without a schema`);
    const value: unknown = JSON.parse(payload.toString('utf8'));
    const encoded = safeEncode(schema, value);
    if (!encoded.success)
      throw new Error(`${request.url}: serialised answer off its schema: ${encoded.error.message}`);
    if (!isDeepStrictEqual(encoded.data, value)) {
      throw new Error(`${request.url}: serialised answer differs from what its schema encodes`);
    }
    return payload;
  });
}
