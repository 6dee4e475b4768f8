import type { PlanRequestStatus, UserType } from '@story/proto';

/** A stored request to change plan (issue 39). */
export interface PlanRequestRecord {
  id: number;
  userId: number;
  /** The plan asked for. */
  userType: UserType;
  /** The plan the person was on when asking. */
  fromUserType: UserType;
  status: PlanRequestStatus;
  createdAt: Date;
  /** When it was granted, refused or withdrawn; null while open. */
  decidedAt: Date | null;
  /** The admin who granted or refused it; null while open, when withdrawn, or when settled otherwise (a payment provider). */
  decidedBy: number | null;
  /** When the person was told the outcome (the notice on their next page); null until then. */
  toldAt: Date | null;
}

/** A request to open. */
export interface NewPlanRequest {
  userId: number;
  userType: UserType;
  fromUserType: UserType;
}

/** What closes an open request: its outcome, when, by whom, and whether the person already knows it (they withdrew it). */
export interface PlanRequestDecision {
  status: Exclude<PlanRequestStatus, 'open'>;
  at: Date;
  decidedBy: number | null;
  told: boolean;
}

/** The person has a request open already: one at a time, whatever the race. */
export class OpenPlanRequestError extends Error {
  constructor() {
    super('this person already has an open plan request');
    this.name = 'OpenPlanRequestError';
  }
}

/**
 * The plan requests; the only code that touches their table or collection. Both drivers pass
 * `plan-request.repository.contract.ts`. A person's requests go with their account, whose
 * `requestedPlan` mirrors the open one (the admins' users table shows it).
 */
export interface PlanRequestRepository {
  /** Opens a request; throws OpenPlanRequestError when the person has one open (the store enforces it). */
  open(request: NewPlanRequest, at: Date): Promise<PlanRequestRecord>;
  findById(id: number): Promise<PlanRequestRecord | undefined>;
  /** The person's open request, if any. */
  findOpen(userId: number): Promise<PlanRequestRecord | undefined>;
  /** Closes an open request, once: undefined when it was not open any more (answered or withdrawn meanwhile). */
  decide(id: number, decision: PlanRequestDecision): Promise<PlanRequestRecord | undefined>;
  /** The person's newest granted or refused request they were not told of yet. */
  findUntold(userId: number): Promise<PlanRequestRecord | undefined>;
  /** Marks a closed request of the person, and any older one, as told; undefined when there is no such closed request. */
  markTold(id: number, userId: number, at: Date): Promise<PlanRequestRecord | undefined>;
  /** Every open request, oldest first. */
  listOpen(): Promise<PlanRequestRecord[]>;
  /** Every request of the person, newest first (their data export). */
  listForUser(userId: number): Promise<PlanRequestRecord[]>;
}
