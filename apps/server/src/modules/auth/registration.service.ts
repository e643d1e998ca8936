import { ERRORS, type RegisterBody } from '@vitrine/core';
import type { Transact, Repositories } from '../../db/repositories.js';
import type { RegistrationRow, UserRow } from '../../db/schema.js';
import { uniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { PasswordHasher } from '../../lib/password.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { EmailTokenKind } from './credential.repository.js';

const HOUR = 3600 * 1000;
const LINK_TTL: Record<EmailTokenKind, number> = {
  verify: 48 * HOUR,
  email: 48 * HOUR,
  recover: 1 * HOUR,
  unlock: 1 * HOUR,
};

/** What each e-mailed link opens and says. */
const LINKS: Record<EmailTokenKind, { path: string; subject: string; intro: (login: string) => string }> = {
  verify: {
    path: '/verify-email',
    subject: 'Vitrine: confirm your e-mail address',
    intro: (login) => `Please confirm the e-mail address of ${login} by opening this link:`,
  },
  email: {
    path: '/verify-email',
    subject: 'Vitrine: confirm your e-mail address',
    intro: (login) => `Please confirm the new e-mail address of ${login} by opening this link:`,
  },
  recover: {
    path: '/recover-pass/submit',
    subject: 'Vitrine: reset your password',
    intro: (login) =>
      `Someone asked to reset the password of ${login}. If it was you, open this link within an hour:`,
  },
  unlock: {
    path: '/login/unlock',
    subject: 'Vitrine: unlock sign-in',
    intro: (login) =>
      `Sign-in to ${login} was paused after many wrong passwords. To sign in, open this link within an ` +
      `hour in the browser you sign in with; it unlocks sign-in there (your password stays as it is):`,
  },
};

export interface RegistrationDeps {
  repos: Pick<Repositories, 'credentials' | 'users'>;
  transact: Transact;
  hasher: PasswordHasher;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

/** Maps a unique-index violation on users to the message a person can act on. */
export function userConflict(error: unknown): AppError | undefined {
  const constraint = uniqueViolation(error);
  if (!constraint) return undefined;
  return constraint.includes('email') ? emailTaken() : loginTaken();
}

export const emailTaken = (): AppError =>
  new AppError('EMAIL_TAKEN', undefined, { email: ERRORS.EMAIL_TAKEN.message });
export const loginTaken = (): AppError =>
  new AppError('LOGIN_TAKEN', undefined, { login: ERRORS.LOGIN_TAKEN.message });

/**
 * Self-service registration, e-mail verification and password recovery. Every link is a one-time token
 * stored hashed; answers never reveal whether an address is known (docs/security.md, "No e-mail oracle").
 */
export class RegistrationService {
  private readonly now: () => Date;

  constructor(private readonly deps: RegistrationDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Stores a registration and mails its link; the cabinet and its owner are made only when the link is
   * followed, so until then nothing exists to sign in to or to reserve a login. A login must be unique
   * and may say so; an e-mail address must not tell whether it has an account: for a known address
   * nothing is stored, the answer is the same, and the address's owner is told by mail instead.
   */
  async register(body: RegisterBody): Promise<void> {
    const { users, credentials } = this.deps.repos;
    const passwordHash = await this.deps.hasher.hash(body.password);
    if (await users.platformLoginExists(body.login)) throw loginTaken();
    const holder = await users.platformFindByEmail(body.email);
    if (holder) return this.noticeTaken(holder, body.email);
    const token = randomToken();
    await credentials.insertRegistration({
      login: body.login,
      email: body.email,
      name: body.name,
      passwordHash,
      tokenHash: sha256(token),
      expiresAt: this.expiry('verify'),
    });
    await this.mail(body.email, body, 'verify', token);
  }

  /** Tells an address's owner that someone tried to register a new account with it. */
  private async noticeTaken(holder: UserRow, email: string): Promise<void> {
    const base = this.deps.publicUrl;
    await this.deps.mailer.send({
      to: email,
      subject: 'Vitrine: someone tried to register with your e-mail address',
      text:
        `Hello ${holder.name},\n\nSomeone, maybe you, tried to create a new Vitrine account with this e-mail ` +
        `address. It already belongs to the account ${holder.login}, so no new account was made.\n\n` +
        `If it was you, sign in at ${base}/login, or choose a new password at ${base}/recover-pass.\n\n` +
        `If it was not you, you need not do anything: your account is unchanged.\n`,
      link: `${base}/login`,
    });
  }

  /**
   * Tells an address's owner that another account asked to take their address: the person who asked is
   * answered as if the address were free, so the change tells them nothing.
   */
  async noticeEmailChangeTaken(holder: UserRow, email: string): Promise<void> {
    const base = this.deps.publicUrl;
    await this.deps.mailer.send({
      to: email,
      subject: 'Vitrine: someone tried to move another account to your e-mail address',
      text:
        `Hello ${holder.name},\n\nSomeone asked to change the e-mail address of another Vitrine account to ` +
        `this one. It already belongs to your account ${holder.login}, so nothing was changed.\n\n` +
        `You need not do anything: your account is unchanged. You can sign in at ${base}/login.\n`,
      link: `${base}/login`,
    });
  }

  /** Follows a link: a registration's makes its account; an address change's (or an older one's) verifies. */
  async verifyEmail(token: string): Promise<void> {
    const { repos } = this.deps;
    const at = this.now();
    const pending = await repos.credentials.platformTakeRegistration(sha256(token), at);
    if (pending) return this.createAccount(pending);
    const link = await repos.credentials.platformConsumeEmailToken(sha256(token), ['verify', 'email'], at);
    if (!link) throw new AppError('LINK_INVALID');
    try {
      const confirmed = { verified: true, email: link.email, emailConfirmed: true };
      await repos.users.updateInCabinet(link.cabinetId, link.userId, confirmed);
    } catch (error) {
      throw userConflict(error) ?? error;
    }
  }

  /**
   * A registration's link was followed: its cabinet and owner, verified, and no other registration of the
   * address is left. An address that got an account meanwhile makes the link invalid (the unique index
   * decides between two links followed at once).
   */
  private async createAccount(pending: RegistrationRow): Promise<void> {
    try {
      await this.deps.transact(async (repos) => {
        const cabinet = await repos.cabinets.insert({ name: pending.name });
        await repos.users.insert({
          cabinetId: cabinet.id,
          login: pending.login,
          email: pending.email,
          name: pending.name,
          role: 'owner',
          passwordHash: pending.passwordHash,
          verified: true,
          emailConfirmed: true,
        });
        await repos.credentials.platformDiscardRegistrations(pending.email);
      });
    } catch (error) {
      const conflict = userConflict(error);
      if (conflict?.code === 'EMAIL_TAKEN') {
        await this.deps.repos.credentials.platformDiscardRegistrations(pending.email);
        throw new AppError('LINK_INVALID');
      }
      throw conflict ?? error;
    }
  }

  /** Sends a fresh link to a registration waiting for one (or an older unverified account); silent otherwise. */
  async resendVerification(email: string): Promise<void> {
    const { credentials, users } = this.deps.repos;
    const pending = await credentials.platformLatestRegistration(email, this.now());
    if (pending) {
      const token = randomToken();
      await credentials.platformRenewRegistration(pending.id, sha256(token), this.expiry('verify'));
      return this.mail(pending.email, pending, 'verify', token);
    }
    const user = await users.platformFindByEmail(email);
    if (!user || user.verified || user.blocked) return;
    await this.sendLink(user, 'verify', user.email ?? email);
  }

  async recoverPass(email: string): Promise<void> {
    const user = await this.deps.repos.users.platformFindByEmail(email);
    if (!user || user.blocked) return;
    await this.sendLink(user, 'recover', user.email ?? email);
  }

  /** Sets a new password from a recovery link; every session of the account ends. */
  async recoverPassSubmit(token: string, password: string): Promise<void> {
    const passwordHash = await this.deps.hasher.hash(password);
    await this.deps.transact(async (repos) => {
      const at = this.now();
      const link = await repos.credentials.platformConsumeEmailToken(sha256(token), ['recover'], at);
      if (!link) throw new AppError('LINK_INVALID');
      // Following the link proves control of the address, so it also counts as verification.
      const changes = { passwordHash, verified: true, emailConfirmed: true };
      await repos.users.updateInCabinet(link.cabinetId, link.userId, changes);
      await repos.credentials.revokeUserSessions(link.cabinetId, link.userId, at);
    });
  }

  /** Stores a one-time link and mails it. `email` is the address the link confirms (or is sent to). */
  async sendLink(user: UserRow, kind: EmailTokenKind, email: string): Promise<void> {
    const token = randomToken();
    await this.deps.repos.credentials.insertEmailToken({
      cabinetId: user.cabinetId,
      userId: user.id,
      kind,
      email,
      tokenHash: sha256(token),
      expiresAt: this.expiry(kind),
    });
    await this.mail(email, user, kind, token);
  }

  private expiry(kind: EmailTokenKind): Date {
    return new Date(this.now().getTime() + LINK_TTL[kind]);
  }

  private async mail(
    to: string,
    person: { login: string; name: string },
    kind: EmailTokenKind,
    token: string,
  ): Promise<void> {
    const { path, subject, intro } = LINKS[kind];
    const link = `${this.deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to,
      subject,
      text: `Hello ${person.name},\n\n${intro(person.login)}\n\n${link}\n\nIf you did not ask for this, ignore this message.\n`,
      link,
    });
  }
}
