import { MEMBER_ROLES, type MyCabinets, type ShareAccessBody, type SharedAccess } from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SharedAccessRow } from './access.repository.js';

export interface AccessDeps {
  repos: Pick<Repositories, 'access' | 'cabinets' | 'credentials' | 'users'>;
  now?: () => Date;
}

const toShared = (row: SharedAccessRow): SharedAccess => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Shared access (spec §7 share-access): an owner or moderator gives a person who already has an account
 * a member role in their cabinet. The person's own cabinet stays theirs; every request names one cabinet
 * (the one their token was issued for), and the role there is looked up on every request, so taking the
 * access back ends it at the next request.
 */
export class AccessService {
  private readonly now: () => Date;

  constructor(private readonly deps: AccessDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async share(caller: Caller, body: ShareAccessBody): Promise<SharedAccess> {
    const { repos } = this.deps;
    if (!(MEMBER_ROLES as readonly string[]).includes(body.role)) throw new AppError('FORBIDDEN');
    const person = await repos.users.platformFindByLoginOrEmail(body.login);
    // A platform admin already sees every cabinet; a person of this cabinet is a member already.
    if (!person || person.role === 'admin')
      throw new AppError('NOT_FOUND', 'User not found', { login: 'User not found' });
    if (person.cabinetId === caller.cabinetId) throw new AppError('CONFLICT');
    const row = await repos.access.grant(caller.cabinetId, person.id, body.role);
    return toShared({ ...row, login: person.login, name: person.name });
  }

  async list(caller: Caller): Promise<SharedAccess[]> {
    return (await this.deps.repos.access.list(caller.cabinetId)).map(toShared);
  }

  /** Takes access back and ends the person's sessions in this cabinet. */
  async remove(caller: Caller, id: number): Promise<void> {
    const { repos } = this.deps;
    const row = await repos.access.remove(caller.cabinetId, id);
    if (!row) throw notFound();
    await repos.credentials.revokeUserSessions(caller.cabinetId, row.userId, this.now());
  }

  async cabinets(caller: Caller): Promise<MyCabinets> {
    const { repos } = this.deps;
    const user = await repos.users.platformFindById(caller.userId);
    if (!user) throw notFound();
    const own = await repos.cabinets.findById(user.cabinetId);
    const shared = await repos.access.platformCabinetsOf(user.id);
    return {
      current: caller.cabinetId,
      cabinets: [
        ...(own ? [{ id: own.id, name: own.name, role: user.role, own: true }] : []),
        ...shared.map((c) => ({ id: c.id, name: c.name, role: c.role, own: false })),
      ],
    };
  }
}
