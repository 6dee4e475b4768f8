import { HttpError, type PlanCheck } from '@story/service-kit';

/** Why a person's résumé may not be used: 403 with the plan's sentence, or 503 when auth cannot say. */
export interface ResumePlanRefusal {
  status: number;
  message: string;
}

/**
 * Whether the person's plan has résumés ("résumé upload integrated into conversations", issue 36, 4):
 * undefined when it has, else the refusal to pass on. The coach and the mock interview planner ask
 * for the résumé over NATS, so these doors check the plan as the REST routes do.
 */
export async function resumePlanRefusal(plans: PlanCheck, userId: number): Promise<ResumePlanRefusal | undefined> {
  try {
    await plans.require(userId, 'resume');
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}
