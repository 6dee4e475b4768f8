/** A recording about to be transcribed, holding part of its owner's month until it is counted. */
export interface UsageReservation {
  userId: number;
  /** The recording's id (the same for its live session and its whole-file fallback). */
  recordingId: string;
  /** The month's key ("2026-11", `calendarMonthOf`). */
  period: string;
  /** The most the recording may count (its time limit). */
  seconds: number;
  /** The plan's monthly minutes, in seconds. */
  limitSeconds: number;
  now: Date;
  /** When the hold lapses if nobody counts or releases it (a front that died). */
  until: Date;
}

/** A transcribed recording's length, to count once. */
export interface UsageEntry {
  userId: number;
  recordingId: string;
  period: string;
  seconds: number;
  at: Date;
}

/**
 * The monthly-minutes ledger of the speech service (issue 21): seconds transcribed per person per
 * UTC month, one row per recording so that nothing is counted twice, and the holds of recordings in
 * progress. The only code that touches its tables or collections; both drivers pass
 * `usage-ledger.repository.contract.ts`.
 */
export interface UsageLedgerRepository {
  /** Seconds counted for the person in the month. */
  usedSeconds(userId: number, period: string): Promise<number>;
  /** Seconds counted per person in the month (people with none are left out), by user id. */
  usedSecondsByUser(period: string): Promise<{ userId: number; usedSeconds: number }[]>;
  /**
   * Lets a recording start: granted when it already holds or was already counted (a fallback, a
   * retry), else when the month's counted seconds and the other live holds are below the limit; then
   * it holds `seconds` until counted or released. So concurrent recordings overshoot the limit by at
   * most one recording's length.
   */
  reserve(reservation: UsageReservation): Promise<boolean>;
  /**
   * Counts a recording once, drops its hold, and writes `events.usage.recorded` to the outbox in the
   * same transaction; false (and nothing changes) when the recording was counted before.
   */
  record(entry: UsageEntry): Promise<boolean>;
  /** Drops a recording's hold (it failed or was cancelled); nothing is counted. */
  release(userId: number, recordingId: string): Promise<void>;
  /** Every recording counted for the person, oldest first (their data export, issue 24). */
  entriesOf(userId: number): Promise<UsageEntry[]>;
  /** Deletes a deleted account's ledger rows and holds (issue 24); how many went (0 the second time). */
  forgetUser(userId: number): Promise<number>;
}
