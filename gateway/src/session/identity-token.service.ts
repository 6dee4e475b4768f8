import type { CryptoKey } from 'jose';
import type { Identity } from '@story/proto';
import { signIdentity } from '@story/service-kit/identity';

interface CachedToken {
  token: string;
  userId: number;
  isAdmin: boolean;
  until: number;
}

/**
 * Signs the identity forwarded to services, reusing a token per session for a while: signing costs
 * more than the rest of the proxying, and the token lives 60 s, so reusing it for 30 s still leaves
 * every service at least 30 s before it expires.
 */
export class IdentityTokenService {
  private readonly tokens = new Map<string, CachedToken>();

  constructor(
    private readonly privateKey: CryptoKey,
    private readonly reuseForMs = 30_000,
    private readonly maxEntries = 50_000,
  ) {}

  /** A signed identity token for the session. */
  async tokenFor(identity: Identity): Promise<string> {
    const now = Date.now();
    const cached = this.tokens.get(identity.sessionId);
    if (cached && cached.until > now && cached.userId === identity.userId && cached.isAdmin === identity.isAdmin) return cached.token;
    const token = await signIdentity(identity, this.privateKey);
    if (this.tokens.size >= this.maxEntries) this.tokens.clear();
    this.tokens.set(identity.sessionId, { token, userId: identity.userId, isAdmin: identity.isAdmin, until: now + this.reuseForMs });
    return token;
  }

  /** Drops the token of a revoked session. */
  forget(sessionId: string): void {
    this.tokens.delete(sessionId);
  }
}
