import { MESSAGES, isStrictPassword } from '@vitrine/core';
import type { Transact } from '../../db/repositories.js';
import type { PasswordHasher } from '../../lib/password.js';
import { randomToken } from '../../lib/tokens.js';

export interface AdminBootstrap {
  login: string;
  /** Set when this start chose the password: it is printed once and never stored in clear. */
  generatedPassword?: string;
  created: boolean;
  passwordUpdated: boolean;
}

/** A strict-rule password: letters of both cases, digits and a special character. */
function generatePassword(): string {
  return `Vt-${randomToken().slice(0, 14)}9a!`;
}

/**
 * Creates the platform cabinet and its admin on first start, or updates the admin's password from
 * ADMIN_PASSWORD. Without ADMIN_PASSWORD on a first start a random password is generated.
 */
export async function ensurePlatformAdmin(
  transact: Transact,
  hasher: PasswordHasher,
  admin: { login: string; password?: string; email?: string },
): Promise<AdminBootstrap> {
  if (admin.password !== undefined && !isStrictPassword(admin.password)) {
    throw new Error(`ADMIN_PASSWORD is refused: ${MESSAGES.passwordStrict}`);
  }
  return transact(async (repos) => {
    const platform =
      (await repos.cabinets.findPlatform()) ??
      (await repos.cabinets.insert({ name: 'Platform', isPlatform: true }));
    const existing = await repos.users.platformFindByLoginOrEmail(admin.login);
    if (existing && existing.login.toLowerCase() === admin.login.toLowerCase()) {
      if (existing.role !== 'admin' || existing.cabinetId !== platform.id) {
        throw new Error(`ADMIN_LOGIN '${admin.login}' belongs to a cabinet user; choose another login`);
      }
      if (admin.password === undefined)
        return { login: existing.login, created: false, passwordUpdated: false };
      await repos.users.updateInCabinet(platform.id, existing.id, {
        passwordHash: await hasher.hash(admin.password),
        blocked: false,
      });
      return { login: existing.login, created: false, passwordUpdated: true };
    }
    const password = admin.password ?? generatePassword();
    await repos.users.insert({
      cabinetId: platform.id,
      login: admin.login,
      email: admin.email ?? null,
      name: 'Administrator',
      role: 'admin',
      passwordHash: await hasher.hash(password),
      verified: true,
    });
    return {
      login: admin.login,
      created: true,
      passwordUpdated: false,
      ...(admin.password === undefined ? { generatedPassword: password } : {}),
    };
  });
}
