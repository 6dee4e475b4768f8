import { describe, expect, it } from 'vitest';
import { CircuitBreaker, type CircuitCall } from './circuit-breaker.ts';

describe('CircuitBreaker', () => {
  const setup = (options: { trialMs?: number } = {}) => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 10_000, ...options, clock: () => new Date(now) });
    return { breaker, advance: (ms: number) => (now += ms) };
  };

  /** A call the circuit lets through (the test fails if it refuses it). */
  const begun = (breaker: CircuitBreaker, service: string): CircuitCall => {
    const call = breaker.begin(service);
    if (!call) throw new Error(`the circuit of ${service} refused a call`);
    return call;
  };

  const fail = (breaker: CircuitBreaker, service: string, times: number) => {
    for (let i = 0; i < times; i++) begun(breaker, service).failed();
  };

  /** Opens the circuit and lets the open interval pass: the next call is the trial. */
  const halfOpen = (breaker: CircuitBreaker, advance: (ms: number) => void, service: string) => {
    fail(breaker, service, 3);
    advance(10_000);
  };

  it('lets calls through until failures in a row reach the threshold, then fails fast', () => {
    const { breaker } = setup();
    fail(breaker, 'conversations', 2);
    expect(breaker.begin('conversations')).toBeDefined();
    fail(breaker, 'conversations', 1);
    expect(breaker.begin('conversations')).toBeUndefined();
    expect(breaker.isOpen('conversations')).toBe(true);
    expect(breaker.begin('auth')).toBeDefined();
  });

  it('a success in between starts the count again', () => {
    const { breaker } = setup();
    fail(breaker, 'jobs', 2);
    begun(breaker, 'jobs').succeeded();
    fail(breaker, 'jobs', 2);
    expect(breaker.begin('jobs')).toBeDefined();
  });

  it('after the open time lets one trial through; its success closes the circuit', () => {
    const { breaker, advance } = setup();
    halfOpen(breaker, advance, 'speech');
    const trial = begun(breaker, 'speech');
    expect(breaker.begin('speech')).toBeUndefined();
    trial.succeeded();
    expect(breaker.begin('speech')).toBeDefined();
    expect(breaker.begin('speech')).toBeDefined();
  });

  it('a failed trial opens the circuit again for the whole interval', () => {
    const { breaker, advance } = setup();
    halfOpen(breaker, advance, 'speech');
    begun(breaker, 'speech').failed();
    expect(breaker.begin('speech')).toBeUndefined();
    advance(9_999);
    expect(breaker.begin('speech')).toBeUndefined();
    advance(1);
    expect(breaker.begin('speech')).toBeDefined();
  });

  it('a trial its caller abandoned gives no verdict but lets another call try at once, within the open interval', () => {
    const { breaker, advance } = setup();
    halfOpen(breaker, advance, 'conversations');
    const abandoned = begun(breaker, 'conversations');
    expect(breaker.begin('conversations')).toBeUndefined();
    abandoned.released();
    const next = begun(breaker, 'conversations');
    next.succeeded();
    expect(breaker.isOpen('conversations')).toBe(false);
    expect(breaker.begin('conversations')).toBeDefined();
  });

  it('a trial that hangs is let go at its deadline, so another call may try', () => {
    const { breaker, advance } = setup({ trialMs: 4_000 });
    halfOpen(breaker, advance, 'profile');
    const hanging = begun(breaker, 'profile');
    advance(3_999);
    expect(breaker.begin('profile')).toBeUndefined();
    advance(1);
    const next = begun(breaker, 'profile');
    // The late verdict of the trial let go does not free the place of the one trying now.
    hanging.released();
    expect(breaker.begin('profile')).toBeUndefined();
    next.succeeded();
    expect(breaker.begin('profile')).toBeDefined();
  });

  it('a trial’s deadline is the open interval unless told otherwise', () => {
    const { breaker, advance } = setup();
    halfOpen(breaker, advance, 'profile');
    begun(breaker, 'profile');
    advance(9_999);
    expect(breaker.begin('profile')).toBeUndefined();
    advance(1);
    expect(breaker.begin('profile')).toBeDefined();
  });

  it('takes only the first verdict of a call', () => {
    const { breaker } = setup();
    fail(breaker, 'jobs', 2);
    const call = begun(breaker, 'jobs');
    call.succeeded();
    call.failed();
    call.failed();
    fail(breaker, 'jobs', 2);
    expect(breaker.begin('jobs')).toBeDefined();
  });

  it('counts a failure a witness saw once in a run: one caller alone cannot open the circuit', () => {
    const { breaker } = setup();
    for (let i = 0; i < 10; i++) begun(breaker, 'conversations').failed('user:1');
    expect(breaker.begin('conversations')).toBeDefined();
    begun(breaker, 'conversations').failed('user:2');
    begun(breaker, 'conversations').failed('user:3');
    expect(breaker.begin('conversations')).toBeUndefined();
  });

  it('a trial failure seen again by a witness already counted gives no verdict, and frees the trial’s place', () => {
    const { breaker, advance } = setup();
    for (const witness of ['user:1', 'user:2', 'user:3']) begun(breaker, 'feedback').failed(witness);
    advance(10_000);
    begun(breaker, 'feedback').failed('user:1');
    const next = begun(breaker, 'feedback');
    next.failed('user:4');
    expect(breaker.begin('feedback')).toBeUndefined();
  });
});
