/** A password-reset link (issue 39, 6): whose it is, while when it works, and when it was used. */
export interface PasswordResetRecord {
  id: number;
  userId: number;
  createdAt: Date;
  /** The link works until this moment (exclusive). */
  expiresAt: Date;
  /** When the link set a new password; null while unused. */
  resetAt: Date | null;
}

/** A link to store: only the SHA-256 of its token, never the token, so a copy of the database opens no account. */
export interface NewPasswordReset {
  userId: number;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The password-reset links; both drivers pass `password-reset.repository.contract.ts`. */
export interface PasswordResetRepository {
  createReset(reset: NewPasswordReset): Promise<PasswordResetRecord>;
  /** The link a token hash names while it still works at `now` (unused, unexpired); undefined otherwise. */
  findUsable(tokenHash: string, now: Date): Promise<PasswordResetRecord | undefined>;
  /** Uses the link at `now`, once: the link, or undefined when it is unknown, used (by any request, however close) or expired. */
  useReset(tokenHash: string, now: Date): Promise<PasswordResetRecord | undefined>;
  /** Deletes a user's unused links (a new password ends them); how many. */
  deleteUnused(userId: number): Promise<number>;
  /** Deletes every unused link that expired before `before`; how many. Used ones stay, as the record of a reset. */
  deleteExpired(before: Date): Promise<number>;
  /** One user's links, oldest first. */
  listUserResets(userId: number): Promise<PasswordResetRecord[]>;
}
