import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_RESET_LINK_LIFETIME_SECONDS, PASSWORD_RESET_MESSAGES, type PasswordResetCompleteRequest } from '@story/proto';
import { badRequest } from '@story/service-kit';
import { refuseCommonPassword } from '../accounts/account.service.ts';
import { hashPassword } from '../accounts/password.hasher.ts';
import type { UserRepository } from '../accounts/user.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionService } from '../sessions/session.service.ts';
import type { AuthThrottleService } from '../throttles/auth-throttle.service.ts';
import type { PasswordResetRepository } from './password-reset.repository.ts';
import type { ResetDeliveries } from './reset-deliveries.ts';
import { googleAccountMail, resetLink, resetLinkMail } from './reset-mail.ts';
import { newResetToken, resetTokenHash } from './reset-token.ts';

/** Unused links are kept a day past their end (a person asking why one failed), then forgotten. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

export interface PasswordResetServiceOptions {
  users: UserRepository;
  resets: PasswordResetRepository;
  sessions: SessionService;
  /** The per-e-mail count of requests, and the sign-in failures a reset forgets (both in NATS KV). */
  throttles: Pick<AuthThrottleService, 'countResetRequest' | 'passwordAttempts'>;
  mailer: Mailer;
  deliveries: ResetDeliveries;
  /** The site's address, for the link (PUBLIC_SITE_URL; never a request's Host). */
  siteUrl: string;
  /** Whether the sign-in page offers Google (what a Google-only account's e-mail can tell it). */
  googleSignInOffered: boolean;
  clock: () => Date;
  log: FastifyBaseLogger;
}

const linkInvalid = () => badRequest(PASSWORD_RESET_MESSAGES.linkInvalid);

/**
 * Forgot password (issue 39, 6). A request is counted against its e-mail and answered at once, the
 * same for every address; the e-mail is made and sent afterwards, so neither the answer nor its
 * time tells whether an account exists. A link works once, for an hour; using it sets the new
 * password (the sign-up rules), ends the account's other links and every one of its sessions.
 */
export class PasswordResetService {
  constructor(private readonly options: PasswordResetServiceOptions) {}

  /** Counts the request (429 past the e-mail's hourly budget) and sends the e-mail in the background. */
  async request(email: string): Promise<void> {
    await this.options.throttles.countResetRequest(email);
    this.options.deliveries.start(() => this.deliver(email));
  }

  /** The e-mail of the account a link resets, while the link works; 400 otherwise. */
  async check(token: string): Promise<{ email: string }> {
    const reset = await this.options.resets.findUsable(resetTokenHash(token), this.options.clock());
    const user = reset && (await this.options.users.findUserById(reset.userId));
    if (!user) throw linkInvalid();
    return { email: user.email };
  }

  /**
   * Sets the new password through a working link, once. The password is checked before the link is
   * used, so a refused password leaves the link working. Then every session of the account ends (a
   * thief's among them) and the account's sign-in wait is forgotten: the person proved they hold its mailbox.
   */
  async complete({ token, password }: PasswordResetCompleteRequest): Promise<void> {
    const { resets, users, sessions, throttles, clock, log } = this.options;
    const tokenHash = resetTokenHash(token);
    if (!(await resets.findUsable(tokenHash, clock()))) throw linkInvalid();
    refuseCommonPassword(password);
    const passwordHash = await hashPassword(password);
    // Of two requests with one link, one uses it; the other finds it used.
    const used = await resets.useReset(tokenHash, clock());
    if (!used) throw linkInvalid();
    const user = await users.setPasswordHash(used.userId, passwordHash);
    if (!user) throw linkInvalid();
    await resets.deleteUnused(user.id);
    const ended = await sessions.revokeAll(user.id);
    await throttles.passwordAttempts.succeeded(user.email).catch((error: unknown) => {
      log.warn({ err: error, userId: user.id }, 'could not forget the sign-in failures after a password reset');
    });
    log.info({ userId: user.id, sessionsEnded: ended }, 'password reset');
  }

  /** A new password by any other way (a password change) ends the links sent before it. */
  async forgetLinks(userId: number): Promise<void> {
    await this.options.resets.deleteUnused(userId);
  }

  /** Makes and sends the e-mail for `email`, if an account has it; a failure is logged, never answered (the answer is gone). */
  private async deliver(email: string): Promise<void> {
    const { users, resets, mailer, siteUrl, googleSignInOffered, clock, log } = this.options;
    try {
      const user = await users.findUserByEmail(email);
      if (!user) return;
      if (user.passwordHash === null) {
        await mailer.send(googleAccountMail(user, siteUrl, googleSignInOffered));
        return;
      }
      const now = clock();
      const token = newResetToken();
      await resets.createReset({
        userId: user.id,
        tokenHash: resetTokenHash(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_LINK_LIFETIME_SECONDS * 1000),
      });
      await resets.deleteExpired(new Date(now.getTime() - KEEP_EXPIRED_MS));
      await mailer.send(resetLinkMail(user, resetLink(siteUrl, token)));
      log.info({ userId: user.id, via: mailer.kind }, 'password reset e-mail sent');
    } catch (error) {
      log.error({ err: error }, 'could not send a password reset e-mail');
    }
  }
}
