/**
 * Plan requests (issue 39, 2): a person asks for a plan (an upgrade or a downgrade), one request open
 * at a time; admins grant or refuse it on /admin (the `manual` billing provider), and the person is
 * told on their next page. `GET /api/plans` shows every plan as the admins set it.
 */
import { z } from 'zod';
import { planFeaturesSchema, responseTypeSchema } from './plans.ts';
import { userTypeSchema } from './user-types.ts';

/** Where a request stands: waiting for an admin, or granted, refused, or withdrawn by the person. */
export const PLAN_REQUEST_STATUSES = ['open', 'granted', 'refused', 'withdrawn'] as const;
export type PlanRequestStatus = (typeof PLAN_REQUEST_STATUSES)[number];
export const planRequestStatusSchema = z.enum(PLAN_REQUEST_STATUSES);

/** A request as its person sees it. */
export const planRequestSchema = z.object({
  id: z.number().int(),
  /** The plan asked for. */
  userType: userTypeSchema,
  /** The plan the person was on when asking (an upgrade or a downgrade). */
  fromUserType: userTypeSchema,
  status: planRequestStatusSchema,
  createdAt: z.string(),
  /** When it was granted, refused or withdrawn; null while open. */
  decidedAt: z.string().nullable(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

/** `POST /api/plan-requests`: the plan asked for. */
export const createPlanRequestSchema = z.object({ userType: userTypeSchema });
export type CreatePlanRequest = z.infer<typeof createPlanRequestSchema>;
export const planRequestResponseSchema = z.object({ request: planRequestSchema });

/**
 * `GET /api/plan-requests/mine`: the person's plan now, their open request, and a decision they were
 * not told of yet (shown once, then acknowledged with `POST /api/plan-requests/{id}/acknowledge`).
 */
export const myPlanRequestsResponseSchema = z.object({
  userType: userTypeSchema,
  request: planRequestSchema.nullable(),
  decision: planRequestSchema.nullable(),
});
export type MyPlanRequests = z.infer<typeof myPlanRequestsResponseSchema>;

/** An open request as admins see it: with its person and the plan they are on now. */
export const adminPlanRequestSchema = planRequestSchema.extend({
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    userType: userTypeSchema,
  }),
});
export type AdminPlanRequest = z.infer<typeof adminPlanRequestSchema>;
/** `GET /api/plan-requests` (admins): the open requests, oldest first. */
export const adminPlanRequestsResponseSchema = z.object({ requests: z.array(adminPlanRequestSchema) });
/** `POST /api/plan-requests/{id}/grant|refuse` (admins): the request as decided. */
export const adminPlanRequestResponseSchema = z.object({ request: adminPlanRequestSchema });

/** A plan as admins set it, for the plan page: its limits and what it includes. */
export const planOfferSchema = z.object({
  userType: userTypeSchema,
  /** Seconds a recording may last. */
  timeLimit: z.number(),
  responseType: responseTypeSchema,
  monthlyMinutes: z.number(),
  features: planFeaturesSchema,
});
export type PlanOffer = z.infer<typeof planOfferSchema>;
/** `GET /api/plans`: every plan, cheapest first. */
export const plansResponseSchema = z.object({ plans: z.array(planOfferSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;
