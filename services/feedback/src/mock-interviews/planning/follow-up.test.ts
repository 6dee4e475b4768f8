import { describe, expect, it } from 'vitest';
import { FOLLOW_UPS, followUpFor, givesNumber } from './follow-up.ts';

const star = (missing: string[] = []) =>
  ['situation', 'task', 'action', 'result'].map((part) => ({ part: part as 'situation', present: !missing.includes(part) }));
const TOLD = 'The cart was slow. I was asked to fix it. I rewrote the cart service. Checkout latency fell by 40%.';

describe('followUpFor', () => {
  it('asks nothing when every STAR part is told with a number', () => {
    expect(followUpFor({ star: star(), answer: TOLD })).toBeNull();
  });

  it('asks for the result in numbers when the result is missing, or when no number is given', () => {
    expect(followUpFor({ star: star(['result']), answer: TOLD })).toBe('What was the result, in numbers?');
    expect(followUpFor({ star: star(), answer: 'I rewrote the cart service and it was much faster.' })).toBe(FOLLOW_UPS.result);
    // The result comes first even when the action is missing too.
    expect(followUpFor({ star: star(['result', 'action']), answer: 'We had a slow cart.' })).toBe(FOLLOW_UPS.result);
  });

  it('counts a spelled-out figure as a number', () => {
    expect(givesNumber('Sign-ups rose by forty percent.')).toBe(true);
    expect(followUpFor({ star: star(), answer: 'I rewrote it and latency fell by forty percent.' })).toBeNull();
    expect(givesNumber('It went much better.')).toBe(false);
  });

  it('asks what the person did when the action is missing, then about the situation and task', () => {
    expect(followUpFor({ star: star(['action']), answer: TOLD })).toBe('What did you do yourself, step by step?');
    expect(followUpFor({ star: star(['task']), answer: TOLD })).toBe(FOLLOW_UPS.setting);
    expect(followUpFor({ star: star(['situation', 'task']), answer: TOLD })).toBe('What was the situation, and what were you asked to do?');
  });

  it('treats an empty STAR reading as every part missing', () => {
    expect(followUpFor({ star: [], answer: '' })).toBe(FOLLOW_UPS.result);
  });
});
