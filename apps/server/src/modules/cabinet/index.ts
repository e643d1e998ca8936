import type { Module } from '../../app-types.js';
import type { BillingAdmin } from '../billing/admin.js';
import type { UserService } from '../user/user.service.js';
import { cabinetRoutes } from './cabinet.routes.js';
import { CabinetService } from './cabinet.service.js';

export interface CabinetModuleDeps {
  repos: ConstructorParameters<typeof CabinetService>[0];
  /** Tariff, discount and the block are billing's terms (docs/billing.md). */
  billing: BillingAdmin;
  /** The cabinet's members, listed on its page. */
  users: UserService;
}

/** Cabinets: the platform admin's list and each owner's own cabinet. */
export function createCabinetModule(deps: CabinetModuleDeps) {
  const cabinets = new CabinetService(deps.repos, deps.billing);
  return {
    services: { cabinets },
    routes: [async (app) => cabinetRoutes(app, { cabinets, users: deps.users })],
  } satisfies Module<object>;
}
