import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';

describe('CircuitBreaker', () => {
  const setup = () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 10_000, clock: () => new Date(now) });
    return { breaker, advance: (ms: number) => (now += ms) };
  };

  it('lets calls through until failures in a row reach the threshold, then fails fast', () => {
    const { breaker } = setup();
    breaker.failed('conversations');
    breaker.failed('conversations');
    expect(breaker.allow('conversations')).toBe(true);
    breaker.failed('conversations');
    expect(breaker.allow('conversations')).toBe(false);
    expect(breaker.isOpen('conversations')).toBe(true);
    expect(breaker.allow('auth')).toBe(true);
  });

  it('a success in between starts the count again', () => {
    const { breaker } = setup();
    breaker.failed('jobs');
    breaker.failed('jobs');
    breaker.succeeded('jobs');
    breaker.failed('jobs');
    breaker.failed('jobs');
    expect(breaker.allow('jobs')).toBe(true);
  });

  it('after the open time lets one trial through; its success closes, its failure opens again', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i++) breaker.failed('speech');
    advance(10_000);
    expect(breaker.allow('speech')).toBe(true);
    expect(breaker.allow('speech')).toBe(false);
    breaker.failed('speech');
    expect(breaker.allow('speech')).toBe(false);
    advance(10_000);
    expect(breaker.allow('speech')).toBe(true);
    breaker.succeeded('speech');
    expect(breaker.allow('speech')).toBe(true);
    expect(breaker.allow('speech')).toBe(true);
  });
});
