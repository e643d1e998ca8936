import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RouteHandlerMethod,
} from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import type { z } from 'zod';
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
