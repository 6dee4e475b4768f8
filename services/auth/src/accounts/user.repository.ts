import type { UserType } from '@story/proto';

export type AuthProvider = 'email' | 'google';

/** A stored account. `passwordHash` is null for Google-only accounts; it never leaves the service. */
export interface UserRecord {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  googleId: string | null;
  isAdmin: boolean;
  userType: UserType;
  /** The plan asked for and waiting for an admin (issue 39: mirrors the open plan request; set at sign-up by issue 21); null when none. */
  requestedPlan: UserType | null;
  authProvider: AuthProvider;
  createdAt: Date;
}

/** An account to create: a record without its id and time, whose user type defaults to standard. */
export type NewUser = Omit<UserRecord, 'id' | 'createdAt' | 'userType' | 'requestedPlan'> & { userType?: UserType; requestedPlan?: UserType | null };

/** A unique field (e-mail, case-insensitive, or Google id) that another account already holds. */
export class DuplicateUserError extends Error {
  constructor(readonly field: 'email' | 'googleId') {
    super(`a user with this ${field} already exists`);
    this.name = 'DuplicateUserError';
  }
}

/** Which users a search of the admin's table wants: every word in the e-mail or a name (any case), a slice of the newest first. */
export interface UserSearch {
  /** Lower-case words, each of which must be in the e-mail, the first or the last name; none: everybody. */
  words: readonly string[];
  offset: number;
  limit: number;
}

/**
 * The accounts. The only code that touches their table or collection; both drivers pass
 * `user.repository.contract.ts`.
 */
export interface UserRepository {
  /** Creates an account; throws DuplicateUserError when the e-mail (any case) or Google id is taken. */
  createUser(user: NewUser, now: Date): Promise<UserRecord>;
  findUserById(id: number): Promise<UserRecord | undefined>;
  /** Case-insensitive. */
  findUserByEmail(email: string): Promise<UserRecord | undefined>;
  findUserByGoogleId(googleId: string): Promise<UserRecord | undefined>;
  /** Attaches a Google account to an existing user; throws DuplicateUserError when another user holds it. */
  linkGoogleAccount(userId: number, googleId: string): Promise<UserRecord | undefined>;
  setAdmin(userId: number, isAdmin: boolean): Promise<UserRecord | undefined>;
  /** Sets an account's user type (its plan); undefined when the account does not exist. */
  setUserType(userId: number, userType: UserType): Promise<UserRecord | undefined>;
  /** Replaces an account's password hash; undefined when the account does not exist. */
  setPasswordHash(userId: number, passwordHash: string): Promise<UserRecord | undefined>;
  /** Every user, newest first. */
  listUsers(): Promise<UserRecord[]>;
  /** The users a search finds, newest first, sliced; and how many it finds in all. */
  searchUsers(search: UserSearch): Promise<{ users: UserRecord[]; total: number }>;
}
