import { describe, expect, it } from 'vitest';
import { thinkCountdownView, thinkSecondsLeft } from './think-countdown.ts';

describe('the think-time countdown', () => {
  it('counts whole seconds down from the think time, rounding up, and stops at 0', () => {
    expect(thinkSecondsLeft(10, 1000, 1000)).toBe(10);
    expect(thinkSecondsLeft(10, 1000, 1001)).toBe(10);
    expect(thinkSecondsLeft(10, 1000, 2000)).toBe(9);
    expect(thinkSecondsLeft(10, 1000, 10_999)).toBe(1);
    expect(thinkSecondsLeft(10, 1000, 11_000)).toBe(0);
    expect(thinkSecondsLeft(10, 1000, 60_000)).toBe(0);
  });

  it('has nothing to count with no think time', () => {
    expect(thinkSecondsLeft(0, 5, 5)).toBe(0);
    expect(thinkCountdownView(0, 0)).toEqual({ label: 'Answer in 0 seconds', fraction: 0 });
  });

  it('says what is left, and how much of the bar', () => {
    expect(thinkCountdownView(1, 10)).toEqual({ label: 'Answer in 1 second', fraction: 0.1 });
    expect(thinkCountdownView(5, 10)).toEqual({ label: 'Answer in 5 seconds', fraction: 0.5 });
  });
});
