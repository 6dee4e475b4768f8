/** How long calls to a service may take, by kind (a person's patience for reads; AI work longer). */
export interface UpstreamTimeouts {
  readMs: number;
  writeMs: number;
  aiMs: number;
}

export interface CircuitBreakerOptions {
  /** Failures in a row (no answer, refused, timed out) that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit fails calls at once before letting one through to try. */
  openMs: number;
  /** How long a trial may go without a verdict before another call may try instead (default: `openMs`). */
  trialMs?: number;
  /** The clock (tests move it). */
  clock?: () => Date;
}

/**
 * One call the circuit let through. It ends with one verdict, and only the first counts: the
 * service answered, the service failed, or no verdict at all (`released`), which frees a trial's
 * place for the next call. Callers end every call, on every path; `released` after a verdict is a no-op,
 * so "release when the request is over, whatever happened" is always safe.
 */
export interface CircuitCall {
  /** The service answered (whatever the status). Closes the circuit. */
  readonly succeeded: () => void;
  /**
   * The service failed this call. With a `witness` (who saw it fail), a run of failures counts each
   * witness once, and a failure a witness already reported in the run is no verdict; without one,
   * every failure counts.
   */
  readonly failed: (witness?: string) => void;
  /** No verdict on the service (the caller left, the request was refused on its way): frees the trial's place. */
  readonly released: () => void;
}

interface CircuitState {
  /** Counted failures since the last success. */
  failures: number;
  openUntil: number;
  /** The half-open trial on its way, and when it started. */
  trial: { call: object; startedAt: number } | undefined;
  /** Who reported the counted failures of this run (see `CircuitCall.failed`). */
  witnesses: Set<string>;
}

/** Witnesses remembered per run: beyond them a failure counts without being remembered (so many callers failing is a service failing). */
const MAX_WITNESSES = 1024;

/**
 * Stops sending to a service that keeps failing: after `failureThreshold` failures in a row, calls
 * fail at once for `openMs` (a clear 503 instead of every person waiting out a timeout); then one
 * call is let through as a trial, and its success closes the circuit again, its failure opens it for
 * another `openMs`. A trial always ends: with a verdict, released by its caller (who left, or whose
 * request never reached the service), or let go at its deadline (`trialMs`), so the circuit recovers
 * by itself whatever callers do.
 */
export class CircuitBreaker {
  private readonly states = new Map<string, CircuitState>();
  private readonly clock: () => Date;
  private readonly trialMs: number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.trialMs = options.trialMs ?? options.openMs;
  }

  private now(): number {
    return this.clock().getTime();
  }

  /** A call to `service` that may go out now, or undefined while the circuit refuses calls (open, or a trial on its way). */
  begin(service: string): CircuitCall | undefined {
    const state = this.states.get(service);
    const open = state !== undefined && state.failures >= this.options.failureThreshold;
    if (!open) return this.call(service);
    const now = this.now();
    if (now < state.openUntil) return undefined;
    if (state.trial && now - state.trial.startedAt < this.trialMs) return undefined;
    const trial = this.call(service);
    state.trial = { call: trial, startedAt: now };
    return trial;
  }

  /** Whether calls to `service` fail fast right now (diagnostics and tests). */
  isOpen(service: string): boolean {
    const state = this.states.get(service);
    return state !== undefined && state.failures >= this.options.failureThreshold && this.now() < state.openUntil;
  }

  private call(service: string): CircuitCall {
    let ended = false;
    const call: CircuitCall = {
      succeeded: () => {
        if (ended) return;
        ended = true;
        this.states.delete(service);
      },
      failed: (witness) => {
        if (ended) return;
        ended = true;
        this.fail(service, call, witness);
      },
      released: () => {
        if (ended) return;
        ended = true;
        this.endTrial(service, call);
      },
    };
    return call;
  }

  private fail(service: string, call: CircuitCall, witness: string | undefined): void {
    const state = this.states.get(service) ?? { failures: 0, openUntil: 0, trial: undefined, witnesses: new Set<string>() };
    this.states.set(service, state);
    if (witness !== undefined) {
      if (state.witnesses.has(witness)) {
        this.endTrial(service, call);
        return;
      }
      if (state.witnesses.size < MAX_WITNESSES) state.witnesses.add(witness);
    }
    state.failures += 1;
    this.endTrial(service, call);
    if (state.failures >= this.options.failureThreshold) state.openUntil = this.now() + this.options.openMs;
  }

  /** Frees the trial's place if `call` is the trial on its way (a trial let go at its deadline no longer holds it). */
  private endTrial(service: string, call: CircuitCall): void {
    const state = this.states.get(service);
    if (state?.trial?.call === call) state.trial = undefined;
  }
}
