/** Plans and plan requests (issue 39): the plan page, "Your plan" and the notice of an answered request, as other parts show them. */
export { PlanDecisionNotice } from './components/plan-decision-notice.tsx';
export { PlanSummary } from './components/plan-summary.tsx';
