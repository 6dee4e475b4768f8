import type { ResponseType, UserType } from '@story/proto';

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
  authProvider: AuthProvider;
  createdAt: Date;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  googleId: string | null;
  isAdmin: boolean;
  authProvider: AuthProvider;
  /** Defaults to standard. */
  userType?: UserType;
}

export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface UserTypeSettingRecord {
  id: number;
  userType: UserType;
  /** Seconds. */
  timeLimit: number;
  responseType: ResponseType;
  createdAt: Date;
  updatedAt: Date;
}

/** A unique field (e-mail, case-insensitive, or Google id) that another account already holds. */
export class DuplicateUserError extends Error {
  constructor(readonly field: 'email' | 'googleId') {
    super(`a user with this ${field} already exists`);
    this.name = 'DuplicateUserError';
  }
}

/**
 * Everything the auth service stores: users, their sessions and the per-user-type settings. The only
 * code that touches SQLite or MongoDB; both drivers pass `user.repository.contract.ts`.
 */
export interface UserRepository {
  readonly kind: 'sqlite' | 'mongodb';

  /** Creates an account; throws DuplicateUserError when the e-mail (any case) or Google id is taken. */
  createUser(user: NewUser, now: Date): Promise<UserRecord>;
  findUserById(id: number): Promise<UserRecord | undefined>;
  /** Case-insensitive. */
  findUserByEmail(email: string): Promise<UserRecord | undefined>;
  findUserByGoogleId(googleId: string): Promise<UserRecord | undefined>;
  /** Attaches a Google account to an existing user; throws DuplicateUserError when another user holds it. */
  linkGoogleAccount(userId: number, googleId: string): Promise<UserRecord | undefined>;
  setAdmin(userId: number, isAdmin: boolean): Promise<UserRecord | undefined>;
  /** Every user, newest first. */
  listUsers(): Promise<UserRecord[]>;

  createSession(session: Omit<SessionRecord, 'revokedAt'>): Promise<SessionRecord>;
  findSession(id: string): Promise<SessionRecord | undefined>;
  /** Marks a session revoked; false when it does not exist or was revoked already. */
  revokeSession(id: string, at: Date): Promise<boolean>;
  /** Moves a live (not revoked) session's expiry; false when it does not exist or was revoked. */
  extendSession(id: string, expiresAt: Date): Promise<boolean>;

  /** The settings of standard, plus and pro, in that order (seeded with 300 s and text). */
  listUserTypeSettings(): Promise<UserTypeSettingRecord[]>;
  findUserTypeSetting(userType: UserType): Promise<UserTypeSettingRecord | undefined>;
  updateUserTypeSetting(userType: UserType, change: { timeLimit: number; responseType: ResponseType }, at: Date): Promise<UserTypeSettingRecord>;

  /** Throws when the store does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
