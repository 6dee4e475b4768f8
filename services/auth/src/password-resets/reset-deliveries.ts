/**
 * The password-reset e-mails being made and sent after their request was answered: the answer
 * never waits for them (it would tell an existing account by its time). `idle` resolves once every
 * one started so far is done, for the app's close and for tests; a failed one was logged already.
 */
export class ResetDeliveries {
  private readonly running = new Set<Promise<void>>();

  /** Runs `work` after the current request's answer is on its way. */
  start(work: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve)).then(work).finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every delivery started so far has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
