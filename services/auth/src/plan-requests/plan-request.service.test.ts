import { beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { UserType } from '@story/proto';
import { newUser } from '../accounts/user.repository.contract.ts';
import type { UserRecord } from '../accounts/user.repository.ts';
import type { BillingProvider, ChangePlan } from '../billing/billing-provider.ts';
import { ManualBillingProvider } from '../billing/manual-billing.provider.ts';
import { PlanChangeService } from '../accounts/plan-change.service.ts';
import { openSqliteAuthStorage, type AuthStorage } from '../storage/auth-storage.ts';
import type { PlanRequestRecord } from './plan-request.repository.ts';
import { PlanRequestService } from './plan-request.service.ts';

const AT = new Date('2030-01-01T00:00:00.000Z');
const log = pino({ level: 'silent' });

/** A payment provider as one would plug in: it hears of each request and settles it itself (a checkout, then a webhook). */
class PaymentProviderStandIn implements BillingProvider {
  readonly name = 'payments';
  readonly decidedByAdmins = false;
  readonly heard: PlanRequestRecord[] = [];
  changePlan: ChangePlan | undefined;
  async start(changePlan: ChangePlan) {
    this.changePlan = changePlan;
  }
  async stop() {}
  async requested(request: PlanRequestRecord) {
    this.heard.push(request);
  }
  async grant(): Promise<UserRecord> {
    throw new Error('a payment provider is never asked to grant');
  }
}

/** PlanRequestService on a real SQLite store, with the manual provider and with a payment provider's stand-in. */
describe('PlanRequestService', () => {
  let storage: AuthStorage;
  let plans: PlanChangeService;
  let person: (userType?: UserType) => Promise<UserRecord>;
  let count = 0;
  const service = (billing: BillingProvider) => new PlanRequestService({ requests: storage.planRequests, users: storage.users, billing, clock: () => AT, log });

  beforeEach(() => {
    storage = openSqliteAuthStorage(':memory:');
    plans = new PlanChangeService({ users: storage.users, requests: storage.planRequests, clock: () => AT, log });
    person = (userType = 'standard') => storage.users.createUser(newUser({ email: `p${(count += 1)}@gmail.com`, userType }), AT);
  });

  it('grants through the manual provider: the plan changes at once, by the admin who granted it', async () => {
    const manual = new ManualBillingProvider();
    await plans.connect(manual);
    const requests = service(manual);
    const ada = await person();
    const admin = await person();
    const asked = await requests.ask(ada.id, 'pro');
    const granted = await requests.grant(asked.id, admin.id);
    expect(granted.user.userType).toBe('pro');
    expect(granted.request).toMatchObject({ status: 'granted', decidedBy: admin.id, decidedAt: AT, toldAt: null });
    expect((await storage.users.findUserById(ada.id))?.userType).toBe('pro');
  });

  it('leaves requests to a payment provider that settles them itself: it hears each one, and admins cannot answer them (409)', async () => {
    const payments = new PaymentProviderStandIn();
    await plans.connect(payments);
    const requests = service(payments);
    const ada = await person();
    const asked = await requests.ask(ada.id, 'plus');
    expect(payments.heard.map((request) => request.id)).toEqual([asked.id]);
    for (const answer of [() => requests.grant(asked.id, 1), () => requests.refuse(asked.id, 1)]) {
      expect(await answer().catch((error: unknown) => error)).toMatchObject({
        statusCode: 409,
        message: 'Plan requests are settled by the payment provider, not by admins.',
      });
    }
    // Paid: the provider changes the plan through the one command, which grants the request.
    await payments.changePlan?.(ada.id, 'plus');
    expect(await requests.mine(ada.id)).toMatchObject({ userType: 'plus', request: null, decision: { id: asked.id, status: 'granted', decidedBy: null } });
  });

  it('names the request that won when two are asked at once', async () => {
    const requests = service(new ManualBillingProvider());
    const ada = await person();
    const results = await Promise.allSettled([requests.ask(ada.id, 'plus'), requests.ask(ada.id, 'pro')]);
    const won = results.find((result) => result.status === 'fulfilled');
    const lost = results.find((result) => result.status === 'rejected');
    const winner = won?.status === 'fulfilled' ? won.value.userType : undefined;
    expect(lost?.status === 'rejected' && lost.reason).toMatchObject({
      statusCode: 409,
      message: `You have already asked for the ${winner === 'plus' ? 'Essentials' : 'Pro'} plan. Withdraw that request to ask for another plan.`,
    });
  });

  it('never fails a sign-up for its plan: Starter asks nothing, and a refusal is only logged', async () => {
    const requests = service(new ManualBillingProvider());
    const ada = await person();
    await requests.askAtSignUp(ada, 'standard');
    await requests.askAtSignUp(ada, undefined);
    expect(await storage.planRequests.listForUser(ada.id)).toEqual([]);
    await requests.askAtSignUp(ada, 'pro');
    await requests.askAtSignUp(ada, 'plus');
    expect((await storage.planRequests.listForUser(ada.id)).map((request) => request.userType)).toEqual(['pro']);
  });
});
