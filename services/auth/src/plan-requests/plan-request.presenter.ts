import type { AdminPlanRequest, PlanRequest } from '@story/proto';
import type { UserRecord } from '../accounts/user.repository.ts';
import type { PlanRequestRecord } from './plan-request.repository.ts';

/** A request as its person sees it (who answered it stays with auth). */
export function presentPlanRequest(request: PlanRequestRecord): PlanRequest {
  return {
    id: request.id,
    userType: request.userType,
    fromUserType: request.fromUserType,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

/** A request with its person and the plan they are on now, as admins see it. */
export function presentAdminPlanRequest({ request, user }: { request: PlanRequestRecord; user: UserRecord }): AdminPlanRequest {
  return {
    ...presentPlanRequest(request),
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, userType: user.userType },
  };
}
