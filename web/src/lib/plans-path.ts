// Types only: the landing page links here, and its first load carries no contract code.
import type { PlanFeature, UserType } from '@story/proto';

/** The plan page (issue 39): every plan, the person's own, and where they ask for another. */
export const PLANS_PATH = '/plans';

/**
 * The plan page with a plan chosen: one named (the pricing block's "Choose Pro"), or the features a
 * locked screen needs ("See the plans"), of which the page chooses the cheapest plan with them all.
 */
export function plansPath(choice: { plan?: UserType; features?: readonly PlanFeature[] } = {}): string {
  const query = new URLSearchParams();
  if (choice.plan) query.set('plan', choice.plan);
  if (choice.features?.length) query.set('features', choice.features.join(','));
  const search = query.toString();
  return search ? `${PLANS_PATH}?${search}` : PLANS_PATH;
}
