import { createHash } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { Kvm, type KV } from '@nats-io/kv';
import { ensureStreamReplicas, streamReplicas } from './nats.ts';

/**
 * Counters every instance of a service sees alike, kept in a NATS KV bucket (JetStream, file
 * storage): budgets, throttles and quotas must not live in one process's memory, or two gateways
 * double every budget and a restart resets it. Writes are compare-and-set on the entry's revision,
 * so two instances counting at once never lose a count.
 */

/** A KV key from parts: letters, digits and `-_=.` only; anything else (e-mails, IPv6) is hashed. */
export function sharedKey(...parts: (string | number)[]): string {
  return parts
    .map((part) => (/^[A-Za-z0-9_=-]{1,64}$/.test(String(part)) ? String(part) : createHash('sha256').update(String(part)).digest('hex').slice(0, 32)))
    .join('.');
}

/** Opens (creating if needed) a bucket whose entries vanish `ttlMs` after their last write, kept on the connection's JetStream replicas. */
export async function openSharedBucket(nc: NatsConnection, name: string, ttlMs: number): Promise<KV> {
  const kv = await new Kvm(nc).create(name, { history: 1, ttl: ttlMs, replicas: streamReplicas(nc) });
  await ensureStreamReplicas(nc, `KV_${name}`);
  return kv;
}

const MAX_ATTEMPTS = 64;

/**
 * Reads the value at `key` (undefined when absent), lets `change` decide the next one, and writes it
 * only if nobody wrote in between; retried on a lost race. `change` returns undefined to write nothing.
 * Resolves to what was written, or to the current value when nothing was.
 */
export async function updateShared<T>(
  kv: KV,
  key: string,
  change: (current: T | undefined) => T | undefined,
): Promise<{ value: T | undefined; written: boolean }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await kv.get(key);
    const live = entry && entry.operation === 'PUT' ? entry : undefined;
    const current = live ? (JSON.parse(live.string()) as T) : undefined;
    const next = change(current);
    if (next === undefined) return { value: current, written: false };
    try {
      if (live) await kv.update(key, JSON.stringify(next), live.revision);
      else if (entry) await kv.update(key, JSON.stringify(next), entry.revision);
      else await kv.create(key, JSON.stringify(next));
      return { value: next, written: true };
    } catch (error) {
      if (!isWrongRevision(error)) throw error;
      // Someone else wrote first: read again and decide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * Math.min(attempt, 8)));
    }
  }
  throw new Error(`shared counter ${key}: too much contention`);
}

function isWrongRevision(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { api_error?: { err_code?: number } }).api_error?.err_code ?? '')}` : String(error);
  return /wrong last sequence|10071|key exists/i.test(text);
}

export interface TakeResult {
  allowed: boolean;
  /** What is left in this window after the take (0 when refused). */
  remaining: number;
  /** When a refused caller may try again. */
  retryAfterSeconds: number;
}

/**
 * Rate limits shared through one KV bucket, as a generic cell rate (GCRA): `limit` operations per
 * `windowMs`, all of which may come at once, then refilling steadily (one every `windowMs / limit`).
 * No window edge lets a burst through twice, and a refusal says exactly when to come back.
 */
export class SharedRateLimiter {
  constructor(
    private readonly kv: KV,
    private readonly windowMs: number,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Spends `amount` of `key`'s `limit`, or refuses without spending anything. */
  async take(key: string, amount: number, limit: number): Promise<TakeResult> {
    const now = this.clock().getTime();
    const interval = this.windowMs / limit;
    let refusedFor = 0;
    const { value, written } = await updateShared<number>(this.kv, key, (theoreticalArrival) => {
      const next = Math.max(theoreticalArrival ?? now, now) + interval * amount;
      refusedFor = next - now - this.windowMs;
      return refusedFor > 0 ? undefined : next;
    });
    if (!written) return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(refusedFor / 1000)) };
    const used = (value ?? now) - now;
    return { allowed: true, remaining: Math.floor((this.windowMs - used) / interval), retryAfterSeconds: Math.max(1, Math.ceil(interval / 1000)) };
  }
}
