import { AppError } from '../../lib/errors.js';
import type { FailureRule, FailureThrottle } from '../../lib/throttle.js';
import { sha256 } from '../../lib/tokens.js';
import type { UserRepository } from '../user/user.repository.js';
import type { AuthService } from './auth.service.js';
import type { CredentialRepository } from './credential.repository.js';
import type { RegistrationService } from './registration.service.js';

export interface UnlockDeps {
  users: Pick<UserRepository, 'platformFindByLoginOrEmail'>;
  credentials: Pick<CredentialRepository, 'platformConsumeEmailToken'>;
  throttle: FailureThrottle;
  registration: Pick<RegistrationService, 'sendLink'>;
  auth: Pick<AuthService, 'markBrowser'>;
  now?: () => Date;
}

/** Unlock mails one account may be sent within the window, whoever asks (no one can flood an inbox). */
const UNLOCK_MAILS: FailureRule = { scope: 'unlock-mail:', limit: 3, windowSeconds: 3600 };

/**
 * The way in for an owner whose sign-in is locked by guessing from elsewhere (docs/security.md): an
 * e-mailed one-time link that gives the browser it is opened in a device mark, so that browser's
 * attempts count for it alone (AuthService.signIn), as if the owner had signed in there before.
 */
export class UnlockService {
  private readonly now: () => Date;

  constructor(private readonly deps: UnlockDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Mails the unlock link to the account's address; answers alike whether or not there is one. */
  async request(login: string): Promise<void> {
    const user = await this.deps.users.platformFindByLoginOrEmail(login);
    if (!user?.email || !user.verified || user.blocked) return;
    if (!(await this.deps.throttle.take(UNLOCK_MAILS, String(user.id)))) return;
    await this.deps.registration.sendLink(user, 'unlock', user.email);
  }

  /** Takes an unlock link once; answers the device mark the browser is to keep. */
  async submit(token: string): Promise<string> {
    const link = await this.deps.credentials.platformConsumeEmailToken(sha256(token), ['unlock'], this.now());
    if (!link) throw new AppError('LINK_INVALID');
    return this.deps.auth.markBrowser(link.userId);
  }
}
