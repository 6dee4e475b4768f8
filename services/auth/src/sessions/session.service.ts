import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type CryptoKey } from 'jose';
import { SESSION_AUDIENCE, SESSION_ISSUER, SESSION_TOKEN_TYPE, SESSION_TTL_SECONDS, SUBJECTS } from '@story/proto';
import { SIGNING_ALGORITHM } from '@story/service-kit';
import type { UserRecord, UserRepository } from '../accounts/user.repository.ts';
import type { SessionRepository } from './session.repository.ts';

export interface IssuedSession {
  sessionId: string;
  /** The signed cookie value. */
  token: string;
  maxAgeSeconds: number;
}

export interface SessionServiceOptions {
  sessions: SessionRepository;
  users: UserRepository;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Publishes a core NATS message (revocations); dropped while NATS is not connected. */
  publish: (subject: string, data: string) => void;
  ttlSeconds?: number;
  /** No session lives longer than this from sign-in, however often it is renewed. */
  absoluteLifetimeSeconds: number;
  clock?: () => Date;
}

/**
 * Sessions: a row per sign-in, named by a random id inside the signed cookie. The gateway checks the
 * signature itself and asks `isValid` over NATS, so a revoked session stops working everywhere.
 * A session slides while it is used, but never past its absolute lifetime from sign-in.
 */
export class SessionService {
  private readonly ttlSeconds: number;
  private readonly clock: () => Date;

  constructor(private readonly options: SessionServiceOptions) {
    this.ttlSeconds = options.ttlSeconds ?? SESSION_TTL_SECONDS;
    this.clock = options.clock ?? (() => new Date());
  }

  /** Opens a session for a user and signs its cookie token. */
  async start(user: UserRecord): Promise<IssuedSession> {
    const createdAt = this.clock();
    const expiresAt = this.expiryFrom(createdAt, createdAt);
    const session = await this.options.sessions.createSession({ id: randomUUID(), userId: user.id, createdAt, expiresAt });
    return this.sign(session.id, user, createdAt, expiresAt);
  }

  /**
   * Sliding sessions: once less than half of a live session's lifetime is left, it is extended to a
   * full lifetime and a new cookie token is signed (same session id, current admin flag), so a person
   * who keeps using the app is not signed out mid-week; never past the absolute lifetime, so a stolen
   * cookie kept in use still dies. Undefined when no renewal is due or allowed.
   */
  async renewIfAging(sessionId: string, user: UserRecord): Promise<IssuedSession | undefined> {
    const session = await this.options.sessions.findSession(sessionId);
    const now = this.clock();
    if (!session || session.revokedAt !== null || session.userId !== user.id) return undefined;
    const left = session.expiresAt.getTime() - now.getTime();
    if (left <= 0 || left > (this.ttlSeconds * 1000) / 2) return undefined;
    const expiresAt = this.expiryFrom(now, session.createdAt);
    if (expiresAt.getTime() <= session.expiresAt.getTime()) return undefined;
    if (!(await this.options.sessions.extendSession(sessionId, expiresAt))) return undefined;
    return this.sign(sessionId, user, now, expiresAt);
  }

  /** A full sliding lifetime from `from`, cut at the absolute end of a session signed in at `signedInAt`. */
  private expiryFrom(from: Date, signedInAt: Date): Date {
    return new Date(Math.min(from.getTime() + this.ttlSeconds * 1000, this.absoluteEnd(signedInAt)));
  }

  private absoluteEnd(signedInAt: Date): number {
    return signedInAt.getTime() + this.options.absoluteLifetimeSeconds * 1000;
  }

  private async sign(sessionId: string, user: UserRecord, issuedAt: Date, expiresAt: Date): Promise<IssuedSession> {
    const token = await new SignJWT({ sid: sessionId, adm: user.isAdmin })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: SESSION_TOKEN_TYPE })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.options.privateKey);
    return { sessionId, token, maxAgeSeconds: Math.round((expiresAt.getTime() - issuedAt.getTime()) / 1000) };
  }

  /** The session id inside a cookie token we signed; undefined for anything forged, foreign or expired. */
  async sessionIdFromToken(token: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.options.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
        typ: SESSION_TOKEN_TYPE,
        requiredClaims: ['sub', 'exp'],
        // The service's clock, not the machine's: the same clock decides when sessions end.
        currentDate: this.clock(),
      });
      return typeof payload.sid === 'string' && payload.sid.length > 0 ? payload.sid : undefined;
    } catch {
      return undefined;
    }
  }

  /** A live session's user and their current admin flag; undefined when the session is not valid. */
  async describe(sessionId: string): Promise<{ userId: number; isAdmin: boolean } | undefined> {
    if (!(await this.isValid(sessionId))) return undefined;
    const session = await this.options.sessions.findSession(sessionId);
    const user = session && (await this.options.users.findUserById(session.userId));
    return user ? { userId: user.id, isAdmin: user.isAdmin } : undefined;
  }

  /** Whether a session exists, is not revoked, has not expired and is within its absolute lifetime. */
  async isValid(sessionId: string): Promise<boolean> {
    const session = await this.options.sessions.findSession(sessionId);
    if (!session || session.revokedAt !== null) return false;
    const now = this.clock().getTime();
    return session.expiresAt.getTime() > now && this.absoluteEnd(session.createdAt) > now;
  }

  /**
   * Ends the caller's session: the one the gateway vouched for, else the one named by a cookie we
   * signed (the gateway forwards no identity for a session it already considers gone). No session, no-op.
   */
  async logout(vouchedSessionId: string | undefined, cookieToken: string | undefined): Promise<void> {
    const sessionId = vouchedSessionId || (cookieToken ? await this.sessionIdFromToken(cookieToken) : undefined);
    if (sessionId) await this.revoke(sessionId);
  }

  /** Ends every other live session of the user (another device, a stolen cookie) and tells every listener; how many ended. */
  async revokeOthers(userId: number, keepSessionId: string): Promise<number> {
    const revoked = await this.options.sessions.revokeOtherSessions(userId, keepSessionId, this.clock());
    for (const sessionId of revoked) this.options.publish(SUBJECTS.sessionRevoked, JSON.stringify({ sessionId }));
    return revoked.length;
  }

  /** Ends every live session of the user (a password reset: whoever held one may be why) and tells every listener; how many ended. */
  async revokeAll(userId: number): Promise<number> {
    const revoked = await this.options.sessions.revokeUserSessions(userId, this.clock());
    for (const sessionId of revoked) this.options.publish(SUBJECTS.sessionRevoked, JSON.stringify({ sessionId }));
    return revoked.length;
  }

  /** Revokes a session and tells every listener (the gateway drops its cached answer at once). */
  async revoke(sessionId: string): Promise<boolean> {
    const revoked = await this.options.sessions.revokeSession(sessionId, this.clock());
    // Published even when it was revoked already: a listener that missed the first message catches up.
    this.options.publish(SUBJECTS.sessionRevoked, JSON.stringify({ sessionId }));
    return revoked;
  }
}
