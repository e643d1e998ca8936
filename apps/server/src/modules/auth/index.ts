import type { Module } from '../../app-types.js';
import type { Config } from '../../config.js';
import { authRoutes } from './auth.routes.js';
import { registrationRoutes } from './registration.routes.js';
import { AuthService, type AuthServiceDeps } from './auth.service.js';
import { RegistrationService, type RegistrationDeps } from './registration.service.js';
import { UnlockService } from './unlock.service.js';

export interface AuthModuleDeps {
  auth: AuthServiceDeps;
  registration: RegistrationDeps;
  publicFormRate: Config['publicFormRate'];
}

/** Sign-in and tokens, sign-up and its mails, and unlocking an account locked by failed sign-ins. */
export function createAuthModule(deps: AuthModuleDeps) {
  const auth = new AuthService(deps.auth);
  const registration = new RegistrationService(deps.registration);
  const unlock = new UnlockService({
    users: deps.auth.users,
    credentials: deps.auth.credentials,
    throttle: deps.auth.throttle,
    registration,
    auth,
  });
  const config = { publicFormRate: deps.publicFormRate };
  return {
    services: { auth, registration, unlock },
    routes: [
      async (app) => authRoutes(app, { auth }),
      async (app) => registrationRoutes(app, { registration, unlock, botCheck: deps.auth.botCheck, config }),
    ],
  } satisfies Module<object>;
}
