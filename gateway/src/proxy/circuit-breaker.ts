/** How long calls to a service may take, by kind (a person's patience for reads; AI work longer). */
export interface UpstreamTimeouts {
  readMs: number;
  writeMs: number;
  aiMs: number;
}

export interface CircuitBreakerOptions {
  /** Consecutive failures (no answer, refused, timed out) that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit fails calls at once before letting one through to try. */
  openMs: number;
  /** The clock (tests move it). */
  clock?: () => Date;
}

interface CircuitState {
  failures: number;
  openUntil: number;
  /** A trial call is on its way while the circuit is half open. */
  probing: boolean;
}

/**
 * Stops sending to a service that keeps failing: after `failureThreshold` failures in a row, calls
 * fail at once for `openMs` (a clear 503 instead of every person waiting out a timeout); then one
 * call is let through, and its success closes the circuit again.
 */
export class CircuitBreaker {
  private readonly states = new Map<string, CircuitState>();
  private readonly clock: () => Date;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  private now(): number {
    return this.clock().getTime();
  }

  /** Whether a call to `service` may go out now. */
  allow(service: string): boolean {
    const state = this.states.get(service);
    if (!state || state.failures < this.options.failureThreshold) return true;
    if (this.now() < state.openUntil || state.probing) return false;
    state.probing = true;
    return true;
  }

  /** The service answered. */
  succeeded(service: string): void {
    this.states.delete(service);
  }

  /** The service did not answer (refused, reset, timed out). */
  failed(service: string): void {
    const state = this.states.get(service) ?? { failures: 0, openUntil: 0, probing: false };
    state.failures += 1;
    state.probing = false;
    if (state.failures >= this.options.failureThreshold) state.openUntil = this.now() + this.options.openMs;
    this.states.set(service, state);
  }

  /** Whether calls to `service` fail fast right now (diagnostics and tests). */
  isOpen(service: string): boolean {
    const state = this.states.get(service);
    return state !== undefined && state.failures >= this.options.failureThreshold && this.now() < state.openUntil;
  }
}
