import { describe, expect, it } from 'vitest';
import { DEFAULT_MONTHLY_MINUTES, DEFAULT_PLAN_FEATURES } from '@story/proto';
import { planIncludes } from './plan-includes.ts';

describe('planIncludes', () => {
  it('lists the minutes, how replies come, and each feature of the plan, as the pricing copy sells them by default', () => {
    expect(planIncludes({ monthlyMinutes: DEFAULT_MONTHLY_MINUTES.standard, features: DEFAULT_PLAN_FEATURES.standard })).toEqual([
      '120 minutes of recording and transcription a month',
      'Text-only AI replies',
      'Interview practice',
      'Feedback on interview answers',
    ]);
    expect(planIncludes({ monthlyMinutes: DEFAULT_MONTHLY_MINUTES.pro, features: DEFAULT_PLAN_FEATURES.pro })).toEqual([
      '1500 minutes of recording and transcription a month',
      'AI replies in text and voice',
      'Interview practice',
      'Feedback on interview answers',
      'Résumé upload and suggestions',
      'Mock interviews',
      'Export to PDF',
      'Public profile',
    ]);
  });

  it('follows what an admin set: half minutes, features taken out', () => {
    expect(planIncludes({ monthlyMinutes: 0.5, features: { ...DEFAULT_PLAN_FEATURES.plus, resume: false, interviewPractice: false } })).toEqual([
      '0.5 minutes of recording and transcription a month',
      'AI replies in text and voice',
      'Feedback on interview answers',
    ]);
  });
});
