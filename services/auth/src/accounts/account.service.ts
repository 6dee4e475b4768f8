import { badRequest, conflict, notFound, unauthorized } from '@story/service-kit';
import {
  ACCOUNT_MESSAGES,
  ADMIN_USERS_PAGE_SIZE,
  type AdminUsersQuery,
  type ChangePasswordRequest,
  type GoogleAuthRequest,
  type LoginRequest,
  type RegisterRequest,
} from '@story/proto';
import { commonPasswordError } from '@story/proto/common-passwords';
import type { PasswordAttemptLimiter } from '../throttles/password-attempt.limiter.ts';
import type { GoogleIdentity, GoogleTokenVerifier } from './google-token.verifier.ts';
import { hashPassword, verifyPassword } from './password.hasher.ts';
import { DuplicateUserError, type UserRecord, type UserRepository } from './user.repository.ts';

export interface AccountServiceOptions {
  repository: UserRepository;
  /** The per-account limit on password checks, shared by every instance. */
  passwordAttempts: PasswordAttemptLimiter;
  /** Lower-case e-mails that are made admins when they register or sign in. */
  adminEmails: readonly string[];
  /** Undefined when Google sign-in is not configured. */
  verifyGoogleToken: GoogleTokenVerifier | undefined;
  clock?: () => Date;
}

/** A limit no installation's user count reaches: the specification's "all registered users". */
const EVERY_USER = 1_000_000_000;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The common-password rule of proto, shared with the web's sign-up form: 400 with its message. */
export function refuseCommonPassword(password: string): void {
  const problem = commonPasswordError(password);
  if (problem) throw badRequest(problem);
}

/** Registration, sign-in and the account lookups behind them. */
export class AccountService {
  private readonly clock: () => Date;

  constructor(private readonly options: AccountServiceOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** Whether an account uses this e-mail (any case). */
  async emailExists(email: string): Promise<boolean> {
    return (await this.options.repository.findUserByEmail(email)) !== undefined;
  }

  /** Creates an e-mail/password account; 400 for a common password, 409 when the e-mail is taken in any case. */
  async register(input: RegisterRequest): Promise<UserRecord> {
    const { repository } = this.options;
    refuseCommonPassword(input.password);
    if (await repository.findUserByEmail(input.email)) throw conflict(ACCOUNT_MESSAGES.duplicateEmail);
    const passwordHash = await hashPassword(input.password);
    try {
      return await repository.createUser(
        {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          googleId: null,
          isAdmin: this.isListedAdmin(input.email),
          authProvider: 'email',
          // The plan chosen at sign-up is asked for as a plan request once the account exists (issue 39),
          // which sets the requested plan the admins see: choosing grants nothing by itself.
        },
        this.clock(),
      );
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index lets one through.
      if (error instanceof DuplicateUserError) throw conflict(ACCOUNT_MESSAGES.duplicateEmail);
      throw error;
    }
  }

  /**
   * Checks e-mail and password; every failure is the same 401 so accounts cannot be told apart.
   * The account's attempt is claimed first: while it must wait, 429 and the password is not checked.
   */
  async login(input: LoginRequest): Promise<UserRecord> {
    const { passwordAttempts } = this.options;
    await passwordAttempts.claim(input.email);
    const user = await this.options.repository.findUserByEmail(input.email);
    const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !matches) throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
    await passwordAttempts.succeeded(input.email);
    return this.applyAdminList(user);
  }

  /**
   * Changes a signed-in user's password. The new one must meet the common-password rule and differ;
   * the current one is checked under the same per-account limit as sign-in. Ending the user's other
   * sessions is the caller's part. 400 for a Google-only account or a wrong current password.
   */
  async changePassword(userId: number, input: ChangePasswordRequest): Promise<void> {
    const user = await this.currentUser(userId);
    if (user.passwordHash === null) throw badRequest(ACCOUNT_MESSAGES.noPasswordToChange);
    refuseCommonPassword(input.newPassword);
    if (input.newPassword === input.currentPassword) throw badRequest(ACCOUNT_MESSAGES.newPasswordUnchanged);
    const { passwordAttempts, repository } = this.options;
    await passwordAttempts.claim(user.email);
    // 400, not 401: the session is fine, and a 401 would sign the person out of the web app.
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong);
    await passwordAttempts.succeeded(user.email);
    if (!(await repository.setPasswordHash(user.id, await hashPassword(input.newPassword)))) throw unauthorized();
  }

  /**
   * Signs in with a Google ID token: the account with that Google id, else the account with that
   * e-mail (linked now), else a new Google account. Identity comes from the verified token only.
   */
  async signInWithGoogle(input: GoogleAuthRequest): Promise<UserRecord> {
    const verify = this.options.verifyGoogleToken;
    if (!verify) throw notFound(ACCOUNT_MESSAGES.googleNotConfigured);
    const google = await verify(input.credential);
    if (!this.bodyAgreesWithToken(input, google)) throw badRequest(ACCOUNT_MESSAGES.googleMismatch);

    const { repository } = this.options;
    const byGoogleId = await repository.findUserByGoogleId(google.googleId);
    if (byGoogleId) return this.applyAdminList(byGoogleId);

    const byEmail = await repository.findUserByEmail(google.email);
    if (byEmail) {
      if (byEmail.googleId !== null) throw conflict(ACCOUNT_MESSAGES.googleLinkedElsewhere);
      const linked = await this.linkOrConflict(byEmail.id, google.googleId);
      return this.applyAdminList(linked);
    }

    try {
      return await repository.createUser(
        {
          email: google.email,
          firstName: google.firstName,
          lastName: google.lastName,
          passwordHash: null,
          googleId: google.googleId,
          isAdmin: this.isListedAdmin(google.email),
          authProvider: 'google',
        },
        this.clock(),
      );
    } catch (error) {
      // The same Google account signing in twice at once: the second finds the first's row.
      if (error instanceof DuplicateUserError) {
        const existing = (await repository.findUserByGoogleId(google.googleId)) ?? (await repository.findUserByEmail(google.email));
        if (existing?.googleId === google.googleId) return this.applyAdminList(existing);
        throw conflict(ACCOUNT_MESSAGES.googleLinkedElsewhere);
      }
      throw error;
    }
  }

  /** An account by id, if it exists. */
  findUser(userId: number): Promise<UserRecord | undefined> {
    return this.options.repository.findUserById(userId);
  }

  /** The user behind a session; 401 when the account is gone. */
  async currentUser(userId: number): Promise<UserRecord> {
    const user = await this.findUser(userId);
    if (!user) throw unauthorized();
    return user;
  }

  /** Every account, newest first (admin view). */
  listUsers(): Promise<UserRecord[]> {
    return this.options.repository.listUsers();
  }

  /**
   * The admin's users table (issue 39, 5): the accounts whose e-mail or names hold every word of
   * `query` (any case), newest first; a page of ADMIN_USERS_PAGE_SIZE, or all of them when no page is asked for.
   */
  async searchUsers({ query, page }: AdminUsersQuery): Promise<{ users: UserRecord[]; total: number; page: number; pageSize: number }> {
    const words = (query ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length > 0);
    const { repository } = this.options;
    if (page === undefined) {
      const found = await repository.searchUsers({ words, offset: 0, limit: EVERY_USER });
      return { ...found, page: 1, pageSize: Math.max(found.total, 1) };
    }
    const found = await repository.searchUsers({ words, offset: (page - 1) * ADMIN_USERS_PAGE_SIZE, limit: ADMIN_USERS_PAGE_SIZE });
    return { ...found, page, pageSize: ADMIN_USERS_PAGE_SIZE };
  }

  private isListedAdmin(email: string): boolean {
    return this.options.adminEmails.includes(email.trim().toLowerCase());
  }

  /** ADMIN_EMAILS promotes at sign-in; it never demotes (the CLI may have promoted others). */
  private async applyAdminList(user: UserRecord): Promise<UserRecord> {
    if (user.isAdmin || !this.isListedAdmin(user.email)) return user;
    return (await this.options.repository.setAdmin(user.id, true)) ?? user;
  }

  private async linkOrConflict(userId: number, googleId: string): Promise<UserRecord> {
    try {
      const linked = await this.options.repository.linkGoogleAccount(userId, googleId);
      if (!linked) throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
      return linked;
    } catch (error) {
      if (error instanceof DuplicateUserError) throw conflict(ACCOUNT_MESSAGES.googleLinkedElsewhere);
      throw error;
    }
  }

  /**
   * The spec's client also sends email, names and googleId. They are never trusted, but when present
   * they must describe the same account as the token. Names may follow either Google's given/family
   * names or the client's split of the display name.
   */
  private bodyAgreesWithToken(input: GoogleAuthRequest, google: GoogleIdentity): boolean {
    if (input.email !== undefined && !same(input.email, google.email)) return false;
    if (input.googleId !== undefined && input.googleId !== google.googleId) return false;
    if (input.firstName !== undefined && !same(input.firstName, google.firstName) && !same(input.firstName, google.displayFirstName)) return false;
    if (input.lastName !== undefined && !same(input.lastName, google.lastName) && !same(input.lastName, google.displayLastName)) return false;
    return true;
  }
}
