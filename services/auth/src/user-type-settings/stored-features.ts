import { DEFAULT_PLAN_FEATURES, planFeaturesSchema, withVoiceRepliesOf, type PlanFeatures, type ResponseType, type UserType } from '@story/proto';

/**
 * How both stores keep a plan's features (issue 39, 4): without AI voice replies, which is the reply
 * type seen as a feature and is read from it, so the two can never disagree.
 */
export function storedFeatures(features: PlanFeatures): Omit<PlanFeatures, 'voiceReplies'> {
  const { voiceReplies: _spokenByTheReplyType, ...stored } = features;
  return stored;
}

/** A plan's features from what a store kept (absent: the plan's defaults), with AI voice replies from its reply type. */
export function storedFeaturesOf(userType: UserType, stored: unknown, responseType: ResponseType): PlanFeatures {
  const kept = typeof stored === 'object' && stored !== null ? stored : {};
  return withVoiceRepliesOf(planFeaturesSchema.parse({ ...DEFAULT_PLAN_FEATURES[userType], ...kept }), responseType);
}
