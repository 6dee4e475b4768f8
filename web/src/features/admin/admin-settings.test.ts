import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES } from '@story/proto';
import {
  RESPONSE_TYPE_OPTIONS,
  capitalize,
  featureChange,
  minutesToSeconds,
  monthlyMinutesProblem,
  responseTypeOrDefault,
  secondsToMinutesInput,
} from './admin-settings.ts';

describe('minutesToSeconds', () => {
  it('multiplies minutes by 60', () => {
    expect(minutesToSeconds('5')).toBe(300);
    expect(minutesToSeconds('2.5')).toBe(150);
    expect(minutesToSeconds('0.5')).toBe(30);
    expect(minutesToSeconds('0')).toBe(0);
    expect(minutesToSeconds(' 10 ')).toBe(600);
  });

  it('treats an empty input as 5 minutes', () => {
    expect(minutesToSeconds('')).toBe(300);
    expect(minutesToSeconds('   ')).toBe(300);
  });

  it('clamps negatives to 0', () => {
    expect(minutesToSeconds('-3')).toBe(0);
    expect(minutesToSeconds('-0.5')).toBe(0);
  });

  it('sends whole seconds and never NaN', () => {
    expect(minutesToSeconds('1.337')).toBe(80);
    expect(Number.isInteger(minutesToSeconds('0.01'))).toBe(true);
    expect(minutesToSeconds('abc')).toBe(300);
  });
});

describe('secondsToMinutesInput', () => {
  it('shows stored seconds as short minutes', () => {
    expect(secondsToMinutesInput(300)).toBe('5');
    expect(secondsToMinutesInput(150)).toBe('2.5');
    expect(secondsToMinutesInput(100)).toBe('1.67');
    expect(secondsToMinutesInput(0)).toBe('0');
  });

  it('round-trips the step values', () => {
    for (const minutes of ['0', '0.5', '1', '7.5', '120']) expect(secondsToMinutesInput(minutesToSeconds(minutes))).toBe(minutes);
  });
});

describe('response types', () => {
  it('labels text and text_and_voice as the spec does, text by default', () => {
    expect(RESPONSE_TYPE_OPTIONS).toEqual([
      { value: 'text', label: 'Text Only' },
      { value: 'text_and_voice', label: 'Text + Voice' },
    ]);
    expect(responseTypeOrDefault(undefined)).toBe('text');
    expect(responseTypeOrDefault('voice')).toBe('text');
    expect(responseTypeOrDefault('text_and_voice')).toBe('text_and_voice');
  });
});

describe('capitalize', () => {
  it('capitalises user types', () => {
    expect(['standard', 'plus', 'pro'].map(capitalize)).toEqual(['Standard', 'Plus', 'Pro']);
    expect(capitalize('')).toBe('');
  });
});

describe('monthlyMinutesProblem (issue 21)', () => {
  it('takes minutes of at least 0 in steps of 0.5', () => {
    for (const fine of ['0', '0.5', '120', ' 1500 ', '44640']) expect(monthlyMinutesProblem(fine), fine).toBeUndefined();
  });

  it('refuses negative, huge, non-numeric and off-step minutes with the server’s messages', () => {
    expect(monthlyMinutesProblem('-1')).toBe('Monthly minutes must be at least 0');
    expect(monthlyMinutesProblem('44641')).toBe('Monthly minutes must be at most 44640');
    expect(monthlyMinutesProblem('1e308')).toBe('Monthly minutes must be at most 44640');
    expect(monthlyMinutesProblem('abc')).toBe('Monthly minutes must be a number');
    expect(monthlyMinutesProblem('')).toBe('Monthly minutes must be a number');
    expect(monthlyMinutesProblem('0.3')).toBe('Monthly minutes must be a whole or half number (such as 90 or 90.5)');
  });
});

/** Issue 39, 4: the plan table's AI voice replies and the settings' reply type are one setting. */
describe('featureChange', () => {
  const row = { userType: 'plus' as const, timeLimit: 240, responseType: 'text_and_voice' as const, monthlyMinutes: 600, features: DEFAULT_PLAN_FEATURES.plus };

  it('saves one feature with the row as it is', () => {
    expect(featureChange(row, 'mockInterviews', true)).toEqual({
      userType: 'plus',
      timeLimit: 240,
      responseType: 'text_and_voice',
      features: { mockInterviews: true },
    });
  });

  it('sets the reply type with AI voice replies, so the two never disagree', () => {
    expect(featureChange(row, 'voiceReplies', false)).toEqual({ userType: 'plus', timeLimit: 240, responseType: 'text', features: { voiceReplies: false } });
    expect(featureChange({ ...row, responseType: 'text' }, 'voiceReplies', true)).toMatchObject({
      responseType: 'text_and_voice',
      features: { voiceReplies: true },
    });
  });
});
