import type { Identity } from '@story/proto';
import type { IdentityTokenService } from './identity-token.service.ts';
import { SessionServiceUnavailableError, type SessionCheckService, type SessionStatus } from './session-check.service.ts';
import type { SessionTokenVerifier } from './session-token.service.ts';

/** What the gateway knows about the caller of one request. */
export type SessionState = { kind: 'none' } | { kind: 'invalid' } | { kind: 'unavailable' } | { kind: 'valid'; identity: Identity; identityToken: string };

/** Turns a session cookie into a verified, still-valid identity (and the token forwarded to services). */
export class SessionService {
  constructor(
    private readonly verifier: SessionTokenVerifier,
    private readonly checker: SessionCheckService,
    private readonly identityTokens: IdentityTokenService,
  ) {
    checker.onRevoked((sessionId) => identityTokens.forget(sessionId));
  }

  /**
   * A session auth has just ended on this gateway's watch (its logout answered 2xx): refused from the
   * caller's next request on, without waiting for `auth.session.revoked` to come round over NATS.
   */
  ended(sessionId: string): void {
    this.checker.revoke(sessionId);
  }

  /** The session state of a cookie value (undefined when there is no cookie). */
  async resolve(cookie: string | undefined): Promise<SessionState> {
    if (!cookie) return { kind: 'none' };
    const claims = await this.verifier.verify(cookie);
    if (!claims) return { kind: 'invalid' };
    let status: SessionStatus;
    try {
      status = await this.checker.check(claims.sid, claims.exp);
    } catch (error) {
      if (error instanceof SessionServiceUnavailableError) return { kind: 'unavailable' };
      throw error;
    }
    if (!status.valid) return { kind: 'invalid' };
    // Auth's current admin flag wins over the one signed into the cookie at sign-in.
    const isAdmin = status.isAdmin ?? claims.adm === true;
    const identity: Identity = { userId: Number(claims.sub), isAdmin, sessionId: claims.sid };
    return { kind: 'valid', identity, identityToken: await this.identityTokens.tokenFor(identity) };
  }
}
