/** A recording about to be transcribed, holding part of its owner's month until it is counted. */
export interface UsageReservation {
  userId: number;
  /** The recording's id (the same for its live session and its whole-file fallback). */
  recordingId: string;
  /**
   * The sha-256 (hex) of the recording's bytes when they are at hand (an upload; a live recording
   * at its finish); absent when a live recording opens, before any audio.
   */
  audioSha256?: string | undefined;
  /** The month's key ("2026-11", `calendarMonthOf`). */
  period: string;
  /** The most the recording may count (its time limit). */
  seconds: number;
  /** The plan's monthly minutes, in seconds. */
  limitSeconds: number;
  now: Date;
  /** When the hold lapses if nobody counts or releases it (a front that died). */
  until: Date;
  /** Counted under the id after this (with the same audio, when known), the recording is a retry, let through whatever the month. */
  retriesSince: Date;
}

/** A transcribed recording, to count once. */
export interface RecordingCount {
  userId: number;
  /** The id its recorder gave it (or the front made for it). */
  recordingId: string;
  /** The sha-256 (hex) of its bytes as received: what ties the id to this audio. */
  audioSha256: string;
  period: string;
  /** Its length: what is counted. */
  seconds: number;
  at: Date;
  /** The same id with the same audio counted after this is the same recording, not counted again; before it, the id is new again. */
  sameSince: Date;
}

/** A counted recording, as the ledger keeps it. */
export interface UsageEntry {
  userId: number;
  /**
   * Its key in the ledger: the recording's id, or `<id>#<n>` for the n-th different audio counted
   * under the same id (a recording id has no `#`, so the two never meet).
   */
  recordingId: string;
  period: string;
  seconds: number;
  at: Date;
}

/**
 * The monthly-minutes ledger of the speech service (issues 21 and 36): seconds transcribed per
 * person per UTC month, one row per recording (an id tied to the sha-256 of its audio) so that
 * nothing is counted twice and nothing new rides on an old id, and the holds of recordings in
 * progress. The only code that touches its tables or collections; both drivers pass
 * `usage-ledger.repository.contract.ts`.
 */
export interface UsageLedgerRepository {
  /** Seconds counted for the person in the month. */
  usedSeconds(userId: number, period: string): Promise<number>;
  /** Seconds counted per person in the month (people with none are left out), by user id. */
  usedSecondsByUser(period: string): Promise<{ userId: number; usedSeconds: number }[]>;
  /**
   * Lets a recording start: granted when it already holds (its session's fallback, a finish), or
   * when it was counted under its id since `retriesSince` with the same audio (a retry; with no
   * audio yet, any audio: its finish is checked again with it), else when the month's counted
   * seconds and the other live holds are below the limit; then it holds `seconds` until counted or
   * released. So concurrent recordings overshoot the limit by at most one recording's length.
   */
  reserve(reservation: UsageReservation): Promise<boolean>;
  /**
   * Counts a recording, drops its hold, and writes `events.usage.recorded` to the outbox in the same
   * transaction; false (and nothing is counted) when the same id with the same audio was counted
   * since `sameSince`. Other audio under a counted id is counted under a key of its own.
   */
  record(count: RecordingCount): Promise<boolean>;
  /** Drops a recording's hold (it failed or was cancelled); nothing is counted. */
  release(userId: number, recordingId: string): Promise<void>;
  /** Every recording counted for the person, oldest first (their data export, issue 24). */
  entriesOf(userId: number): Promise<UsageEntry[]>;
  /** Deletes a deleted account's ledger rows and holds (issue 24); how many went (0 the second time). */
  forgetUser(userId: number): Promise<number>;
}
