import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES, PLAN_MESSAGES, alreadyOnPlanMessage, requestAlreadyDecidedMessage, requestAlreadyOpenMessage, type UserType } from '@story/proto';
import { conflict, notFound } from '@story/service-kit';
import type { UserRecord, UserRepository } from '../accounts/user.repository.ts';
import type { BillingProvider } from '../billing/billing-provider.ts';
import { OpenPlanRequestError, type PlanRequestRecord, type PlanRequestRepository } from './plan-request.repository.ts';

/** A person's plan and requests: their plan now, the request waiting, and an answer they were not told of yet. */
export interface MyPlanRequests {
  userType: UserType;
  request: PlanRequestRecord | null;
  decision: PlanRequestRecord | null;
}

/** An open request with the person who asked, as admins see it. */
export interface RequestWithPerson {
  request: PlanRequestRecord;
  user: UserRecord;
}

export interface PlanRequestServiceDeps {
  requests: PlanRequestRepository;
  users: UserRepository;
  billing: BillingProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Requests to change plan (issue 39, 2): a person asks for a plan other than theirs, one request at a
 * time, and may withdraw it; admins grant or refuse it (through the billing provider: `manual` changes
 * the plan at once); the person hears the answer once, on their next page.
 */
export class PlanRequestService {
  constructor(private readonly deps: PlanRequestServiceDeps) {}

  /** The person's plan and requests; 404 when the account is gone. */
  async mine(userId: number): Promise<MyPlanRequests> {
    const user = await this.personOf(userId);
    const [request, decision] = await Promise.all([this.deps.requests.findOpen(userId), this.deps.requests.findUntold(userId)]);
    return { userType: user.userType, request: request ?? null, decision: decision ?? null };
  }

  /** Asks for `userType` (an upgrade or a downgrade): 409 for the plan one is on, or while another request is open. */
  async ask(userId: number, userType: UserType): Promise<PlanRequestRecord> {
    const user = await this.personOf(userId);
    if (user.userType === userType) throw conflict(alreadyOnPlanMessage(userType));
    const open = await this.deps.requests.findOpen(userId);
    if (open) throw conflict(requestAlreadyOpenMessage(open.userType));
    let request: PlanRequestRecord;
    try {
      request = await this.deps.requests.open({ userId, userType, fromUserType: user.userType }, this.deps.clock());
    } catch (error) {
      if (!(error instanceof OpenPlanRequestError)) throw error;
      // Another request of the person's won the race: name it.
      const winner = await this.deps.requests.findOpen(userId);
      throw conflict(requestAlreadyOpenMessage(winner?.userType ?? userType));
    }
    await this.deps.billing.requested(request);
    this.deps.log.info({ userId, userType, requestId: request.id }, 'plan requested');
    return request;
  }

  /**
   * The plan chosen on the landing page at sign-up, asked for on the person's behalf. Sign-up never
   * fails for it: a plan they are on already (Starter) asks nothing, and a failure is logged.
   */
  async askAtSignUp(user: UserRecord, userType: UserType | undefined): Promise<void> {
    if (!userType || userType === user.userType) return;
    await this.ask(user.id, userType).catch((error: unknown) =>
      this.deps.log.warn({ err: error, userId: user.id }, 'the plan chosen at sign-up was not requested'),
    );
  }

  /** Withdraws the person's open request; 404 when none is open. */
  async withdraw(userId: number): Promise<PlanRequestRecord> {
    const open = await this.deps.requests.findOpen(userId);
    if (!open) throw notFound(PLAN_MESSAGES.noOpenRequest);
    const withdrawn = await this.deps.requests.decide(open.id, { status: 'withdrawn', at: this.deps.clock(), decidedBy: null, told: true });
    if (!withdrawn) throw await this.notOpen(open.id);
    return withdrawn;
  }

  /** The person was told the answer to their request `id` (and to any older one); 404 for another person's, an open or an unknown request. */
  async acknowledge(userId: number, id: number): Promise<PlanRequestRecord> {
    const told = await this.deps.requests.markTold(id, userId, this.deps.clock());
    if (!told) throw notFound(PLAN_MESSAGES.requestNotFound);
    return told;
  }

  /** Admins: the open requests, oldest first, with their people (a request whose account just went is left out). */
  async listOpen(): Promise<RequestWithPerson[]> {
    const requests = await this.deps.requests.listOpen();
    const people = await Promise.all(requests.map((request) => this.deps.users.findUserById(request.userId)));
    return requests.flatMap((request, index) => {
      const user = people[index];
      return user ? [{ request, user }] : [];
    });
  }

  /** Admins: grants an open request, changing the plan through the billing provider; 404 unknown, 409 no longer open. */
  async grant(id: number, adminId: number): Promise<RequestWithPerson> {
    const decided = await this.decide(id, 'granted', adminId);
    const user = await this.deps.billing.grant(decided);
    this.deps.log.info({ requestId: id, userId: decided.userId, userType: decided.userType, adminId }, 'plan request granted');
    return { request: decided, user };
  }

  /** Admins: refuses an open request; the person keeps their plan. 404 unknown, 409 no longer open. */
  async refuse(id: number, adminId: number): Promise<RequestWithPerson> {
    const decided = await this.decide(id, 'refused', adminId);
    this.deps.log.info({ requestId: id, userId: decided.userId, adminId }, 'plan request refused');
    return { request: decided, user: await this.personOf(decided.userId) };
  }

  private async decide(id: number, status: 'granted' | 'refused', adminId: number): Promise<PlanRequestRecord> {
    if (!this.deps.billing.decidedByAdmins) throw conflict(PLAN_MESSAGES.settledByBilling);
    const decided = await this.deps.requests.decide(id, { status, at: this.deps.clock(), decidedBy: adminId, told: false });
    if (!decided) throw await this.notOpen(id);
    return decided;
  }

  /** Why request `id` could not be closed: unknown (404), or answered or withdrawn already (409). */
  private async notOpen(id: number) {
    const request = await this.deps.requests.findById(id);
    if (!request) return notFound(PLAN_MESSAGES.requestNotFound);
    return conflict(requestAlreadyDecidedMessage(request.status === 'open' ? 'withdrawn' : request.status));
  }

  private async personOf(userId: number): Promise<UserRecord> {
    const user = await this.deps.users.findUserById(userId);
    if (!user) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    return user;
  }
}
