import type {
  Account,
  ApiToken,
  DashboardBilling,
  Locale,
  PatchAccountBody,
  PatchPasswordBody,
  TokenPair,
} from '@vitrine/core';
import { ALERT_KINDS, ERRORS, MESSAGES, can } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { ApiTokenRow } from '../../db/schema.js';
import { homeCabinet, type Caller, type ClientMeta } from '../../lib/caller.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { API_TOKEN_PREFIX, type AuthService } from '../auth/auth.service.js';
import type { RegistrationService } from '../auth/registration.service.js';
import type { FailureRule, FailureThrottle } from '../../lib/throttle.js';
import { toUser } from '../user/user.presenter.js';
import type { TwoFaService } from '../security/twofa.service.js';
import type { MessengerService } from '../messenger/messenger.service.js';

export interface AccountDeps {
  repos: Pick<Repositories, 'cabinets' | 'credentials' | 'users'>;
  transact: Transact;
  hasher: PasswordHasher;
  /** Counts e-mail changes asked per account (EMAIL_CHANGES). */
  throttle: FailureThrottle;
  auth: AuthService;
  registration: RegistrationService;
  twofa: Pick<TwoFaService, 'recoveryCodesLeft'>;
  messenger: Pick<MessengerService, 'state'>;
  /** The cabinet's billing summary (the dashboard's); null while billing is off. */
  billing: (cabinetId: CabinetId) => Promise<DashboardBilling | null>;
  now?: () => Date;
}

/** E-mail changes one account may ask for within the window. */
const EMAIL_CHANGES: FailureRule = { scope: 'email-change:', limit: 5, windowSeconds: 3600 };

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The signed-in person's own account: personal data, password and personal API tokens. */
export class AccountService {
  private readonly now: () => Date;

  constructor(private readonly deps: AccountDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async get(caller: Caller): Promise<Account> {
    const { repos } = this.deps;
    const user = await repos.users.findInCabinet(homeCabinet(caller), caller.userId);
    const cabinet = await repos.cabinets.findById(caller.cabinetId);
    if (!user || !cabinet) throw notFound();
    // Spec §3: the account carries its billing (for the roles that see funds) and members (the owner's).
    const [tokens, billing, members] = await Promise.all([
      repos.credentials.listApiTokens(caller.cabinetId, caller.userId),
      can(caller.role, 'funds') ? this.deps.billing(caller.cabinetId) : null,
      can(caller.role, 'account.members') ? repos.users.listInCabinet(caller.cabinetId) : null,
    ]);
    return {
      // The cabinet in use and the role there (a shared cabinet's, when the person switched to one).
      ...toUser(user),
      cabinetId: caller.cabinetId,
      role: caller.role,
      cabinet: { id: cabinet.id, name: cabinet.name, tariff: cabinet.tariff, blocked: cabinet.blocked },
      tokens: tokens.map(toApiToken),
      billing,
      members: members?.map(toUser) ?? null,
      recoveryCodesLeft: await this.deps.twofa.recoveryCodesLeft(user),
      messenger: await this.deps.messenger.state(caller),
      alerts: ALERT_KINDS.filter((k) => !user.alertsOff.includes(k)),
      locale: user.locale,
    };
  }

  /**
   * Name and analytics consent change at once; a new e-mail address takes effect when its link is
   * followed. The answer never tells whether the address is taken (docs/security.md, "No e-mail oracle"):
   * the link goes to a free address, a notice to a taken one's holder, and at most EMAIL_CHANGES.limit
   * changes are asked per account and hour.
   */
  async patch(caller: Caller, body: PatchAccountBody): Promise<Account> {
    const { repos } = this.deps;
    const user = await repos.users.findInCabinet(homeCabinet(caller), caller.userId);
    if (!user) throw notFound();
    const newEmail =
      body.email !== undefined && body.email.toLowerCase() !== (user.email ?? '').toLowerCase()
        ? body.email
        : undefined;
    if (newEmail && !(await this.deps.throttle.take(EMAIL_CHANGES, String(user.id)))) {
      throw new AppError('RATE_LIMITED');
    }
    const changes: { name?: string; isClarityEnabled?: boolean; locale?: Locale } = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.locale !== undefined) changes.locale = body.locale;
    if (body.isClarityEnabled !== undefined) changes.isClarityEnabled = body.isClarityEnabled;
    if (Object.keys(changes).length)
      await repos.users.updateInCabinet(homeCabinet(caller), caller.userId, changes);
    if (newEmail) {
      const holder = await repos.users.platformFindByEmail(newEmail);
      if (holder && holder.id !== user.id)
        await this.deps.registration.noticeEmailChangeTaken(holder, newEmail);
      else await this.deps.registration.sendLink(user, 'email', newEmail);
    }
    return this.get(caller);
  }

  /** Checks the current password, stores the new one, ends every other session and returns a fresh pair. */
  async patchPassword(caller: Caller, body: PatchPasswordBody, meta: ClientMeta): Promise<TokenPair> {
    const { repos, hasher } = this.deps;
    const user = await repos.users.findInCabinet(homeCabinet(caller), caller.userId);
    if (!user) throw notFound();
    if (!(await hasher.verify(user.passwordHash, body.password))) {
      throw new AppError('WRONG_PASSWORD', undefined, { password: ERRORS.WRONG_PASSWORD.message });
    }
    if (body.newPassword === body.password) throw fieldError('newPassword', MESSAGES.shouldNotBeEqual);
    const passwordHash = await hasher.hash(body.newPassword);
    const updated = await this.deps.transact(async (tx) => {
      const row = await tx.users.updateInCabinet(homeCabinet(caller), caller.userId, { passwordHash });
      // Every session ends, in every cabinet the person works in.
      await tx.credentials.platformRevokeAllSessions(caller.userId, this.now());
      return row;
    });
    if (!updated) throw notFound();
    const role = caller.role;
    return this.deps.auth.issue(updated, meta, undefined, { id: caller.cabinetId, role });
  }

  async createToken(caller: Caller, name: string): Promise<ApiToken & { token: string }> {
    const token = randomToken(API_TOKEN_PREFIX);
    const row = await this.deps.repos.credentials.insertApiToken({
      cabinetId: caller.cabinetId,
      userId: caller.userId,
      name,
      tokenHash: sha256(token),
      hint: token.slice(-4),
    });
    return { ...toApiToken(row), token };
  }

  async removeToken(caller: Caller, id: number): Promise<void> {
    const removed = await this.deps.repos.credentials.removeApiToken(caller.cabinetId, caller.userId, id);
    if (!removed) throw notFound();
  }
}
