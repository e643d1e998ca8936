import { ERRORS, type RegisterBody } from '@vitrine/core';
import type { Transact, Repositories } from '../../db/repositories.js';
import type { UserRow } from '../../db/schema.js';
import { uniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { PasswordHasher } from '../../lib/password.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { EmailTokenKind } from './credential.repository.js';

const HOUR = 3600 * 1000;
const LINK_TTL: Record<EmailTokenKind, number> = { verify: 48 * HOUR, email: 48 * HOUR, recover: 1 * HOUR };

export interface RegistrationDeps {
  repos: Repositories;
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
 * stored hashed; answers never reveal whether an address is known.
 */
export class RegistrationService {
  private readonly now: () => Date;

  constructor(private readonly deps: RegistrationDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Creates a cabinet and its owner, unverified, and mails the verification link. A login must be unique
   * and may say so; an e-mail address must not tell whether it has an account: for a known address
   * nothing is created, the answer is the same, and the address's owner is told by mail instead.
   */
  async register(body: RegisterBody): Promise<void> {
    const passwordHash = await this.deps.hasher.hash(body.password);
    const holder = await this.deps.repos.users.platformFindByEmail(body.email);
    if (holder) {
      if (await this.deps.repos.users.platformLoginExists(body.login)) throw loginTaken();
      await this.noticeTaken(holder, body.email);
      return;
    }
    let user: UserRow;
    try {
      user = await this.deps.transact(async (repos) => {
        const cabinet = await repos.cabinets.insert({ name: body.name });
        return repos.users.insert({
          cabinetId: cabinet.id,
          login: body.login,
          email: body.email,
          name: body.name,
          role: 'owner',
          passwordHash,
          verified: false,
        });
      });
    } catch (error) {
      const conflict = userConflict(error);
      // Registered a moment ago by another request: answered as any known address.
      const raced =
        conflict?.code === 'EMAIL_TAKEN' ? await this.deps.repos.users.platformFindByEmail(body.email) : null;
      if (raced) return this.noticeTaken(raced, body.email);
      throw conflict ?? error;
    }
    await this.sendLink(user, 'verify', body.email);
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

  async verifyEmail(token: string): Promise<void> {
    const { repos } = this.deps;
    const link = await repos.credentials.platformConsumeEmailToken(
      sha256(token),
      ['verify', 'email'],
      this.now(),
    );
    if (!link) throw new AppError('LINK_INVALID');
    try {
      await repos.users.updateInCabinet(link.cabinetId, link.userId, { verified: true, email: link.email });
    } catch (error) {
      throw userConflict(error) ?? error;
    }
  }

  /** Sends a fresh verification link to an unverified address; silent otherwise. */
  async resendVerification(email: string): Promise<void> {
    const user = await this.deps.repos.users.platformFindByEmail(email);
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
      await repos.users.updateInCabinet(link.cabinetId, link.userId, { passwordHash, verified: true });
      await repos.credentials.revokeUserSessions(link.cabinetId, link.userId, at);
    });
  }

  /** Stores a one-time link and mails it. `email` is the address the link confirms. */
  async sendLink(user: UserRow, kind: EmailTokenKind, email: string): Promise<void> {
    const token = randomToken();
    await this.deps.repos.credentials.insertEmailToken({
      cabinetId: user.cabinetId,
      userId: user.id,
      kind,
      email,
      tokenHash: sha256(token),
      expiresAt: new Date(this.now().getTime() + LINK_TTL[kind]),
    });
    const base = this.deps.publicUrl;
    const link =
      kind === 'recover'
        ? `${base}/recover-pass/submit?token=${encodeURIComponent(token)}`
        : `${base}/verify-email?token=${encodeURIComponent(token)}`;
    const subject =
      kind === 'recover' ? 'Vitrine: reset your password' : 'Vitrine: confirm your e-mail address';
    const intro =
      kind === 'recover'
        ? `Someone asked to reset the password of ${user.login}. If it was you, open this link within an hour:`
        : `Please confirm the e-mail address of ${user.login} by opening this link:`;
    await this.deps.mailer.send({
      to: email,
      subject,
      text: `Hello ${user.name},\n\n${intro}\n\n${link}\n\nIf you did not ask for this, ignore this message.\n`,
      link,
    });
  }
}
