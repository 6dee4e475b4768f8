import { ACCOUNT_MESSAGES, EVENT_SUBJECTS, SUBJECTS, type DeleteAccountRequest } from '@story/proto';
import { unauthorized } from '@story/service-kit';
import type { GoogleTokenVerifier } from '../accounts/google-token.verifier.ts';
import { verifyPassword } from '../accounts/password.hasher.ts';
import type { UserRecord, UserRepository } from '../accounts/user.repository.ts';
import type { PasswordAttemptLimiter } from '../throttles/password-attempt.limiter.ts';
import type { AccountDeletionRepository } from './account-deletion.repository.ts';

/** A Google sign-in older than this does not confirm a deletion: the person signs in again. */
export const FRESH_GOOGLE_SIGN_IN_MS = 10 * 60 * 1000;

export interface AccountDeletionServiceOptions {
  users: UserRepository;
  deletions: AccountDeletionRepository;
  /** The per-account limit on password checks, shared with sign-in. */
  passwordAttempts: PasswordAttemptLimiter;
  /** Undefined when Google sign-in is not configured. */
  verifyGoogleToken: GoogleTokenVerifier | undefined;
  /** Core NATS publish (the gateway drops its cached session answers at once). */
  publish: (subject: string, data: string) => void;
  /** The outbox has a new event: the relay publishes it now. */
  onEventsWritten: () => void;
  clock: () => Date;
}

/**
 * Deletes a person's account (issue 24) once they confirm it: their password, or for an account
 * linked to Google a fresh Google sign-in. Auth's rows go in one transaction with the
 * `events.user.deleted` event that every other service forgets the person by.
 */
export class AccountDeletionService {
  constructor(private readonly options: AccountDeletionServiceOptions) {}

  /** 401 with the message of what failed, and nothing deleted, unless the person confirmed it. */
  async deleteAccount(userId: number, input: DeleteAccountRequest): Promise<void> {
    const { users, deletions, clock, publish, onEventsWritten } = this.options;
    const user = await users.findUserById(userId);
    if (!user) throw unauthorized();
    await this.confirm(user, input);
    const deleted = await deletions.deleteAccount(user.id, { subject: EVENT_SUBJECTS.userDeleted, payload: { userId: user.id, at: clock().toISOString() } });
    if (!deleted) throw unauthorized();
    onEventsWritten();
    for (const sessionId of deleted.sessionIds) publish(SUBJECTS.sessionRevoked, JSON.stringify({ sessionId }));
  }

  private async confirm(user: UserRecord, input: DeleteAccountRequest): Promise<void> {
    if (input.googleCredential !== undefined && user.googleId !== null) return this.confirmWithGoogle(user, input.googleCredential);
    if (user.passwordHash === null) throw unauthorized(ACCOUNT_MESSAGES.accountDeletionGoogleRequired);
    const { passwordAttempts } = this.options;
    // Counted with sign-in: guessing the password here is no faster than at the sign-in form.
    await passwordAttempts.claim(user.email);
    if (!input.password || !(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(ACCOUNT_MESSAGES.accountDeletionPasswordWrong);
    await passwordAttempts.succeeded(user.email);
  }

  private async confirmWithGoogle(user: UserRecord, credential: string): Promise<void> {
    const verify = this.options.verifyGoogleToken;
    if (!verify) throw unauthorized(ACCOUNT_MESSAGES.accountDeletionGoogleRequired);
    const google = await verify(credential);
    const issuedAt = google.issuedAt?.getTime() ?? 0;
    const fresh = this.options.clock().getTime() - issuedAt <= FRESH_GOOGLE_SIGN_IN_MS;
    if (google.googleId !== user.googleId || !fresh) throw unauthorized(ACCOUNT_MESSAGES.accountDeletionGoogleRequired);
  }
}
