import { randomBytes } from 'node:crypto';
import { PasswordHasher } from '../apps/server/src/lib/password.js';
import { sha256 } from '../apps/server/src/lib/tokens.js';
import { DEVICE_TOKEN_PREFIX } from '../apps/server/src/modules/point/pairing.service.js';
import { benchApp, format, measure } from './support.js';

/**
 * What authentication adds to a request. Baseline: GET /api/health (routing, hooks, one `select 1`).
 * Compared: GET /api/user/info with a session JWT and with a personal API token (verify + user row), and a
 * full sign-in at the production argon2id cost against one bare hash verification.
 */
export async function authBenchmark(): Promise<string[]> {
  const { app, services, repos, database } = await benchApp();
  const login = `bench${randomBytes(4).toString('hex')}`;
  const password = 'bench-pass-1';
  const owner = await services.users.create({ login, name: 'Bench', password, role: 'owner' });
  const row = (await repos.users.platformFindById(owner.id))!;
  const pair = await services.auth.issue(row, { ip: '127.0.0.1', userAgent: 'bench' });
  const caller = {
    userId: row.id,
    cabinetId: row.cabinetId,
    role: row.role as 'owner',
    login: row.login,
    via: 'session' as const,
  };
  const apiToken = (await services.account.createToken(caller, 'bench')).token;

  const health = await measure(2000, () => app.inject({ method: 'GET', url: '/api/health' }));
  const jwt = await measure(2000, () =>
    app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${pair.token}` } }),
  );
  const token = await measure(2000, () =>
    app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${apiToken}` } }),
  );
  // A screen's device token: which screen it is, from memory (every call after the first) and from the
  // database (the screen forgotten before each call, as after a removal announced).
  const screen = await repos.points.insert({ cabinetId: row.cabinetId!, name: 'Bench screen' });
  const deviceToken = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await repos.points.platformSetDeviceToken(screen.id, sha256(deviceToken));
  const asked = await measure(2000, () => {
    services.deviceTokens.forget([screen.id]);
    return services.pairing.authenticateDevice(deviceToken);
  });
  const kept = await measure(2000, () => services.pairing.authenticateDevice(deviceToken));
  const hasher = new PasswordHasher();
  const hashed = await hasher.hash(password);
  const verify = await measure(30, () => hasher.verify(hashed, password));
  const signIn = await measure(30, () =>
    app.inject({ method: 'POST', url: '/api/user/auth', payload: { login, password } }),
  );
  await app.close();
  await database.close();
  return [
    `auth (${database.driver})`,
    format('GET /api/health', health),
    format('GET /api/user/info, session JWT', jwt, health),
    format('GET /api/user/info, personal API token', token, health),
    format('device token, from the database', asked),
    format('device token, kept in memory', kept, asked),
    format('argon2id verify (19 MiB, t=2)', verify),
    format('POST /api/user/auth (sign-in)', signIn, verify),
  ];
}
