import {
  MESSAGES,
  isStrictPassword,
  type AddMemberBody,
  type User,
  type UserListQuery,
  type UserPatchBody,
  type UserPostBody,
} from '@vitrine/core';
import { asCabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { UserRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import { userConflict } from '../auth/registration.service.js';
import { toUser } from './user.presenter.js';

export interface UserServiceDeps {
  repos: Pick<Repositories, 'users'>;
  transact: Transact;
  hasher: PasswordHasher;
  now?: () => Date;
}

/**
 * People: the platform admin's user administration (every cabinet) and an owner's members (their own
 * cabinet only). Both end in the same rules for creating, changing and removing a user.
 */
export class UserService {
  private readonly now: () => Date;

  constructor(private readonly deps: UserServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ---- platform administration (permission user.route) ----
  async list(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const { cabinetId, ...rest } = query;
    const { rows, total } = await this.deps.repos.users.platformList({
      ...rest,
      ...(cabinetId === undefined ? {} : { cabinetId: asCabinetId(cabinetId) }),
    });
    return { users: rows.map(toUser), total };
  }

  async get(id: number): Promise<User> {
    const row = await this.deps.repos.users.platformFindById(id);
    if (!row) throw notFound();
    return toUser(row);
  }

  /** An owner without cabinetId gets a new cabinet; admins join the platform cabinet; others need a cabinet. */
  async create(body: UserPostBody): Promise<User> {
    if (body.role === 'admin' && !isStrictPassword(body.password)) {
      throw fieldError('password', MESSAGES.passwordStrict);
    }
    // A tariff is a new cabinet's: an owner created without a cabinet.
    if (body.tariff !== undefined && (body.role !== 'owner' || body.cabinetId !== undefined)) {
      throw fieldError('tariff', MESSAGES.invalid);
    }
    const passwordHash = await this.deps.hasher.hash(body.password);
    return this.insertUser(async (repos) => {
      // The platform admin names the cabinet; its row is looked up below.
      let cabinetId = body.cabinetId === undefined ? undefined : asCabinetId(body.cabinetId);
      if (body.role === 'admin') {
        const platform = await repos.cabinets.findPlatform();
        if (!platform || (cabinetId !== undefined && cabinetId !== platform.id)) {
          throw fieldError('cabinetId', MESSAGES.adminCabinet);
        }
        cabinetId = platform.id;
      } else if (cabinetId === undefined) {
        if (body.role !== 'owner') throw fieldError('cabinetId', MESSAGES.required);
        if (body.tariff !== undefined && !(await repos.billing.plans()).some((p) => p.id === body.tariff)) {
          throw fieldError('tariff', MESSAGES.invalid);
        }
        cabinetId = (await repos.cabinets.insert({ name: body.name, tariff: body.tariff })).id;
      } else {
        const cabinet = await repos.cabinets.findById(cabinetId);
        if (!cabinet || cabinet.isPlatform) throw notFound();
      }
      return repos.users.insert({
        cabinetId,
        login: body.login,
        email: body.email ?? null,
        name: body.name,
        role: body.role,
        passwordHash,
        verified: true,
        // The installation's own operator vouches for the address (the company directory's colleague who
        // then signs in through its provider); a cabinet owner's members are not vouched for (addMember).
        emailConfirmed: body.email !== undefined && body.email !== null,
      });
    });
  }

  async patch(caller: Caller, id: number, body: UserPatchBody): Promise<User> {
    const { repos } = this.deps;
    const target = await repos.users.platformFindById(id);
    if (!target) throw notFound();
    if (target.id === caller.userId && (body.blocked === true || (body.role && body.role !== target.role))) {
      // Named by its field, so the refusal says which change it was (the code alone says only 'Forbidden').
      throw new AppError('FORBIDDEN', MESSAGES.selfChange, {
        [body.blocked === true ? 'blocked' : 'role']: MESSAGES.selfChange,
      });
    }
    if (body.role !== undefined && (body.role === 'admin') !== (target.role === 'admin')) {
      throw fieldError('role', MESSAGES.adminRoleSwitch);
    }
    const changes: Parameters<typeof repos.users.updateInCabinet>[2] = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.email !== undefined && body.email !== target.email) {
      // Set by the installation's operator, who vouches for it as at creation.
      changes.email = body.email;
      changes.emailConfirmed = body.email !== null;
    }
    if (body.role !== undefined) changes.role = body.role;
    if (body.blocked !== undefined) changes.blocked = body.blocked;
    if (body.password !== undefined) {
      if (target.role === 'admin' && !isStrictPassword(body.password)) {
        throw fieldError('password', MESSAGES.passwordStrict);
      }
      changes.passwordHash = await this.deps.hasher.hash(body.password);
    }
    const endSessions = body.blocked === true || body.password !== undefined || body.role !== undefined;
    const updated = await this.updateUser(target, changes, endSessions);
    return toUser(updated);
  }

  // ---- members of the caller's cabinet (permission account.members) ----
  async addMember(caller: Caller, body: AddMemberBody): Promise<User> {
    const passwordHash = await this.deps.hasher.hash(body.password);
    return this.insertUser((repos) =>
      repos.users.insert({
        cabinetId: caller.cabinetId,
        login: body.login,
        email: body.email ?? null,
        name: body.name,
        role: body.role,
        passwordHash,
        verified: true,
      }),
    );
  }

  /** Removing a member deletes the account; its sessions and tokens go with it. */
  async removeMember(caller: Caller, id: number): Promise<void> {
    if (id === caller.userId) throw new AppError('CANNOT_REMOVE_SELF');
    const removed = await this.deps.repos.users.removeInCabinet(caller.cabinetId, id);
    if (!removed) throw notFound();
  }

  private async insertUser(work: (repos: Repositories) => Promise<UserRow>): Promise<User> {
    try {
      return toUser(await this.deps.transact(work));
    } catch (error) {
      throw userConflict(error) ?? error;
    }
  }

  private async updateUser(
    target: UserRow,
    changes: Parameters<Repositories['users']['updateInCabinet']>[2],
    endSessions: boolean,
  ): Promise<UserRow> {
    try {
      return await this.deps.transact(async (repos) => {
        const row = await repos.users.updateInCabinet(target.cabinetId, target.id, changes);
        if (!row) throw notFound();
        if (endSessions) {
          await repos.credentials.revokeUserSessions(target.cabinetId, target.id, this.now());
          if (changes.blocked) await repos.credentials.removeUserApiTokens(target.cabinetId, target.id);
        }
        return row;
      });
    } catch (error) {
      throw userConflict(error) ?? error;
    }
  }
}
