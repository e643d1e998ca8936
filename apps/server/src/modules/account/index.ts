import type { Module } from '../../app-types.js';
import { accountRoutes } from './account.routes.js';
import { AccountService, type AccountDeps } from './account.service.js';

/** The signed-in person's own account: personal data, password, e-mail and API tokens. */
export function createAccountModule(deps: AccountDeps) {
  const account = new AccountService(deps);
  return {
    services: { account },
    routes: [async (app) => accountRoutes(app, { account })],
  } satisfies Module<object>;
}
