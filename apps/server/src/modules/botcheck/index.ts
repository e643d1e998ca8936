import type { Module } from '../../app-types.js';
import type { Config } from '../../config.js';
import { botCheckRoutes } from './botcheck.routes.js';
import { BotCheckService, type BotCheckDeps } from './botcheck.service.js';

/** The bot check public forms ask for (ALTCHA or reCAPTCHA, or none). */
export function createBotCheckModule(deps: BotCheckDeps & { publicFormRate: Config['publicFormRate'] }) {
  const { publicFormRate, ...service } = deps;
  const botCheck = new BotCheckService(service);
  return {
    services: { botCheck },
    routes: [async (app) => botCheckRoutes(app, { botCheck, config: { publicFormRate } })],
  } satisfies Module<object>;
}
