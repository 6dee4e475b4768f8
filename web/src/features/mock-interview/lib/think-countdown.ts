/** Whole seconds left to think (rounded up, so "1" shows until the time is over), never below 0. */
export function thinkSecondsLeft(thinkSeconds: number, startedAt: number, now: number): number {
  return Math.max(0, Math.ceil(thinkSeconds - (now - startedAt) / 1000));
}

/** What the countdown says: "Answer in 7 s" for a screen reader's timer, and how much of the bar is left (0 to 1). */
export function thinkCountdownView(left: number, thinkSeconds: number): { label: string; fraction: number } {
  return { label: left === 1 ? 'Answer in 1 second' : `Answer in ${left} seconds`, fraction: thinkSeconds > 0 ? left / thinkSeconds : 0 };
}
