/** A signed-in session: a row per sign-in, named by the random id inside the signed cookie. */
export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** The sessions; both drivers pass `session.repository.contract.ts`. */
export interface SessionRepository {
  createSession(session: Omit<SessionRecord, 'revokedAt'>): Promise<SessionRecord>;
  findSession(id: string): Promise<SessionRecord | undefined>;
  /** Every session of one user, revoked and expired ones included, oldest first (their data export). */
  listUserSessions(userId: number): Promise<SessionRecord[]>;
  /** Marks a session revoked; false when it does not exist or was revoked already. */
  revokeSession(id: string, at: Date): Promise<boolean>;
  /** Moves a live (not revoked) session's expiry; false when it does not exist or was revoked. */
  extendSession(id: string, expiresAt: Date): Promise<boolean>;
  /** Revokes every live session of a user (not revoked, not expired at `at`); the ids it revoked. */
  revokeUserSessions(userId: number, at: Date): Promise<string[]>;
  /** Revokes every live session of a user (not revoked, not expired at `at`) except one; the ids it revoked. */
  revokeOtherSessions(userId: number, keepSessionId: string, at: Date): Promise<string[]>;
}
