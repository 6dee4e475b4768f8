import { PLAN_FEATURES, PLAN_FEATURE_NAMES, minutesText, type PlanFeatures } from '@story/proto';

/**
 * What a plan includes, as the plan page, /welcome and /account list it (issue 39, 1): its minutes,
 * how the AI replies, then each feature it has, named as the admins' plan table names it.
 */
export function planIncludes(plan: { monthlyMinutes: number; features: PlanFeatures }): string[] {
  const features = PLAN_FEATURES.filter((feature) => feature !== 'voiceReplies' && plan.features[feature]).map((feature) => PLAN_FEATURE_NAMES[feature]);
  return [
    `${minutesText(plan.monthlyMinutes)} minutes of recording and transcription a month`,
    plan.features.voiceReplies ? 'AI replies in text and voice' : 'Text-only AI replies',
    ...features,
  ];
}
