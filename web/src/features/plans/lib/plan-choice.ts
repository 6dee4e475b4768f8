import { USER_TYPES, cheapestPlanWith, planFeatureSchema, userTypeSchema, type PlanFeature, type PlanFeatures, type UserType } from '@story/proto';

/** The features a plan page address asks for (unknown names are dropped). */
export function featuresOfQuery(search: URLSearchParams): PlanFeature[] {
  return (search.get('features') ?? '').split(',').flatMap((name) => {
    const feature = planFeatureSchema.safeParse(name);
    return feature.success ? [feature.data] : [];
  });
}

/**
 * The plan a plan page address chooses: the one it names, else the cheapest that has every feature
 * it asks for, as the admins set the plans (the rule that names the plan in a refusal).
 */
export function chosenPlanOf(search: URLSearchParams, featuresOf: (userType: UserType) => PlanFeatures): UserType | undefined {
  const named = userTypeSchema.safeParse(search.get('plan'));
  if (named.success) return named.data;
  const features = featuresOfQuery(search);
  const [first, ...others] = features;
  if (!first) return undefined;
  if (others.length === 0) return cheapestPlanWith(first, featuresOf);
  return USER_TYPES.find((userType) => features.every((feature) => featuresOf(userType)[feature]));
}
