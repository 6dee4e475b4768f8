import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { GATEWAY_MESSAGES, SUBJECTS, sessionCheckReplySchema, sessionRevokedMessageSchema } from '@story/proto';
import { timedRequest } from '@story/service-kit/telemetry/nats-metrics';

/** Auth did not answer (NATS down, auth down, garbage reply): protected routes fail closed. */
export class SessionServiceUnavailableError extends Error {
  constructor(cause: unknown) {
    super(GATEWAY_MESSAGES.sessionUnavailable, { cause });
    this.name = 'SessionServiceUnavailableError';
  }
}

export interface SessionCheckOptions {
  /** How long a "valid" answer is trusted (revocation then takes at most this long, even if the revoked event is lost). */
  validForMs?: number;
  /** How long to wait for auth. */
  timeoutMs?: number;
  /** Entries kept at most. */
  maxEntries?: number;
}

/** Auth's answer about a session: valid ones carry the user's current admin flag when auth knows it. */
export type SessionStatus = { valid: false } | { valid: true; isAdmin?: boolean };

interface CacheEntry {
  valid: boolean;
  isAdmin?: boolean;
  until: number;
  /** Set when the entry comes from a revocation event. */
  revokedAt?: number;
}

const REVOKED_MEMORY_MS = 60_000;

/**
 * Asks auth whether a session is still valid (`auth.session.check`), with a small cache: a valid
 * answer is reused for at most a few seconds, an invalid one until the token expires anyway. The
 * `auth.session.revoked` event drops a session at once, so logout takes effect everywhere
 * immediately; the short cache bounds the delay if that event is lost.
 */
export class SessionCheckService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<SessionStatus>>();
  private readonly listeners = new Set<(sessionId: string) => void>();
  private subscription: Subscription | undefined;
  private readonly validForMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly nats: NatsConnection,
    private readonly log: FastifyBaseLogger,
    options: SessionCheckOptions = {},
  ) {
    this.validForMs = options.validForMs ?? 5_000;
    this.timeoutMs = options.timeoutMs ?? 1_500;
    this.maxEntries = options.maxEntries ?? 50_000;
  }

  /** Subscribes to revocations; call once before serving. */
  start(): void {
    this.subscription = this.nats.subscribe(SUBJECTS.sessionRevoked, {
      callback: (error, msg) => {
        if (error) {
          this.log.warn({ err: error }, 'session revocation subscription failed');
          return;
        }
        let sessionId: string;
        try {
          const parsed = sessionRevokedMessageSchema.safeParse(msg.json());
          if (!parsed.success) return;
          sessionId = parsed.data.sessionId;
        } catch {
          return;
        }
        this.revoke(sessionId);
      },
    });
  }

  /** Notifies `listener` of every revoked session (the identity-token cache forgets it). */
  onRevoked(listener: (sessionId: string) => void): void {
    this.listeners.add(listener);
  }

  /** Forgets a session and remembers it as invalid for a while. */
  revoke(sessionId: string): void {
    const now = Date.now();
    this.remember(sessionId, { valid: false, until: now + REVOKED_MEMORY_MS, revokedAt: now });
    for (const listener of this.listeners) listener(sessionId);
  }

  /** Whether auth still accepts the session; throws SessionServiceUnavailableError when auth cannot be asked. */
  async isValid(sessionId: string, expiresAtSeconds: number): Promise<boolean> {
    return (await this.check(sessionId, expiresAtSeconds)).valid;
  }

  /** Auth's (cached) answer about a session, with the user's current admin flag. */
  async check(sessionId: string, expiresAtSeconds: number): Promise<SessionStatus> {
    const now = Date.now();
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > now) return cached.valid ? { valid: true, isAdmin: cached.isAdmin } : { valid: false };
    // Concurrent requests of one session share a single question to auth.
    const pending = this.inFlight.get(sessionId);
    if (pending) return pending;
    const question = this.ask(sessionId, expiresAtSeconds).finally(() => {
      if (this.inFlight.get(sessionId) === question) this.inFlight.delete(sessionId);
    });
    this.inFlight.set(sessionId, question);
    return question;
  }

  /** Unsubscribes. */
  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
  }

  private async ask(sessionId: string, expiresAtSeconds: number): Promise<SessionStatus> {
    const startedAt = Date.now();
    let answer: { valid: boolean; isAdmin?: boolean };
    try {
      const reply = await timedRequest(this.nats, SUBJECTS.sessionCheck, JSON.stringify({ sessionId }), { timeout: this.timeoutMs });
      answer = sessionCheckReplySchema.parse(reply.json());
    } catch (error) {
      throw new SessionServiceUnavailableError(error);
    }
    // A revocation that arrived while we were asking wins over the (older) answer.
    const revokedAt = this.cache.get(sessionId)?.revokedAt;
    if (revokedAt !== undefined && revokedAt >= startedAt) return { valid: false };
    const now = Date.now();
    if (!answer.valid) {
      this.remember(sessionId, { valid: false, until: Math.max(expiresAtSeconds * 1000, now + 1000) });
      return { valid: false };
    }
    this.remember(sessionId, { valid: true, isAdmin: answer.isAdmin, until: now + this.validForMs });
    return { valid: true, isAdmin: answer.isAdmin };
  }

  private remember(sessionId: string, entry: CacheEntry): void {
    if (this.cache.size >= this.maxEntries) this.evictExpired();
    // Still full: drop the oldest entries (Map keeps insertion order); the cost is only another question to auth.
    while (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next();
      if (oldest.done) break;
      this.cache.delete(oldest.value);
    }
    this.cache.delete(sessionId);
    this.cache.set(sessionId, entry);
  }

  private evictExpired(): void {
    const now = Date.now();
    for (const [key, entry] of this.cache) if (entry.until <= now) this.cache.delete(key);
  }
}
