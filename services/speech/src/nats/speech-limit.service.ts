import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { NATS_BUCKETS, SPEECH_MESSAGES, spokenDuration } from '@story/proto';
import { HttpError, rateLimitRefusals } from '@story/service-kit';
import { openSharedBucket, sharedKey, updateShared } from '@story/service-kit/shared-counters';

export interface SpeechLimitServiceOptions {
  /** Voice turns one person may have in flight at once. */
  turnsPerPerson: number;
  /** Seconds of audio one person may have transcribed per hour. */
  audioSecondsPerHour: number;
  /** How long a turn's hold lasts if its front dies before letting it go. */
  holdMs: number;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  clock?: () => Date;
}

const HOUR_MS = 3_600_000;

type KV = Awaited<ReturnType<typeof openSharedBucket>>;

interface Holds {
  holds: { id: string; until: number }[];
}

/** The audio budget's state: when the person's spent seconds will have refilled (a generic cell rate). */
type Refill = number;

/**
 * What one person may ask of the speech workers, counted where every speech front sees it (a NATS
 * KV bucket): at most a few voice turns in flight at once, and so many seconds of audio an hour,
 * charged by each recording's real length once it is known. A person's fifth heavy upload is
 * refused at once instead of queueing in front of everyone else.
 */
export class SpeechLimitService {
  private bucket: Promise<KV> | undefined;

  constructor(
    private readonly connection: () => NatsConnection,
    private readonly options: SpeechLimitServiceOptions,
  ) {}

  private now(): number {
    return (this.options.clock?.() ?? new Date()).getTime();
  }

  private kv(): Promise<KV> {
    this.bucket ??= Promise.resolve()
      .then(() => openSharedBucket(this.connection(), NATS_BUCKETS.speechLimits, 2 * HOUR_MS))
      .catch((error: unknown) => {
        this.bucket = undefined;
        throw error;
      });
    return this.bucket;
  }

  /**
   * Runs `work` as one of the person's turns in flight, or refuses with 429 when they have as many
   * as allowed. The hold is let go when the work ends, and lapses by itself if this front dies.
   */
  async holdTurn<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const key = sharedKey('turns', userId);
    const id = randomUUID();
    const now = this.now();
    let kv: KV;
    let written: boolean;
    try {
      kv = await this.kv();
      ({ written } = await updateShared<Holds>(kv, key, (current) => {
        const holds = (current?.holds ?? []).filter((hold) => hold.until > now);
        if (holds.length >= this.options.turnsPerPerson) return undefined;
        return { holds: [...holds, { id, until: now + this.options.holdMs }] };
      }));
    } catch (error) {
      // JetStream away: the person is served all the same (the workers' queues still take turns).
      this.options.log.warn({ err: error, userId }, 'speech limits not reachable; serving the turn without counting it');
      return work();
    }
    if (!written) {
      rateLimitRefusals.inc({ limiter: 'speech-turns-in-flight' });
      throw new HttpError(429, SPEECH_MESSAGES.tooManyJobs, { 'retry-after': '10' });
    }
    try {
      return await work();
    } finally {
      await updateShared<Holds>(kv, key, (current) => (current ? { holds: current.holds.filter((hold) => hold.id !== id) } : undefined)).catch(
        (error: unknown) => {
          this.options.log.warn({ err: error, userId }, 'could not let go of a speech turn; it lapses by itself');
        },
      );
    }
  }

  /** Refuses (429, with when to come back) while the person's audio budget for the hour is spent. */
  async checkAudioBudget(userId: number): Promise<void> {
    const entry = await this.kv()
      .then((kv) => kv.get(sharedKey('seconds', userId)))
      .catch((error: unknown) => {
        this.options.log.warn({ err: error, userId }, 'speech limits not reachable; audio budget not checked');
        return null;
      });
    const refill: Refill | undefined = entry && entry.operation === 'PUT' ? Number(entry.string()) : undefined;
    const over = (refill ?? 0) - this.now() - HOUR_MS;
    if (over > 0) {
      const seconds = Math.ceil(over / 1000);
      rateLimitRefusals.inc({ limiter: 'speech-audio-per-hour' });
      throw new HttpError(429, audioBudgetSpentMessage(this.options.audioSecondsPerHour, seconds), { 'retry-after': String(seconds) });
    }
  }

  /** Charges a transcribed recording's seconds to the person's hourly audio budget (always: the work is done). */
  async chargeAudio(userId: number, seconds: number): Promise<void> {
    if (seconds <= 0) return;
    const now = this.now();
    const interval = HOUR_MS / this.options.audioSecondsPerHour;
    await updateShared<Refill>(await this.kv(), sharedKey('seconds', userId), (refill) => Math.max(refill ?? now, now) + interval * seconds);
  }
}

/** The refusal of a spent audio budget. */
export function audioBudgetSpentMessage(secondsPerHour: number, retryAfterSeconds: number): string {
  return `You have sent ${spokenDuration(secondsPerHour)} of audio in the last hour. Please try again in ${spokenDuration(retryAfterSeconds)}.`;
}
