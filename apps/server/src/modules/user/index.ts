import type { Module } from '../../app-types.js';
import { userRoutes } from './user.routes.js';
import { UserService, type UserServiceDeps } from './user.service.js';

/** People: the platform admin's user administration and an owner's members. */
export function createUserModule(deps: UserServiceDeps) {
  const users = new UserService(deps);
  return {
    services: { users },
    routes: [async (app) => userRoutes(app, { users })],
  } satisfies Module<object>;
}
