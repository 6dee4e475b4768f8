import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBJECTS,
  adminPlanRequestResponseSchema,
  adminPlanRequestsResponseSchema,
  myPlanRequestsResponseSchema,
  planRequestResponseSchema,
  plansResponseSchema,
} from '@story/proto';
import { subgraphQuery } from '@story/testing/service-under-test';
import { natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';

/**
 * Issue 39, 2 at auth, over REST and GraphQL: a person asks for a plan (one request open at a time,
 * never their own plan; downgrades too), sees and withdraws it; admins list the open requests and
 * grant (the `manual` billing provider changes the plan at once) or refuse them; the person is told
 * the answer once. The plan chosen on the landing page is asked for at sign-up.
 */
let stopNats: () => Promise<void>;
let h: AuthHarness;
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  const nats = await startTestNats();
  stopNats = nats.stop;
  h = await startAuthHarness(nats.nats.url, { ADMIN_EMAILS: 'chief@gmail.com' });
  const chief = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email: 'chief@gmail.com' }) });
  adminId = sessionOf(chief).userId;
  admin = await h.as({ userId: adminId, isAdmin: true, sessionId: sessionOf(chief).sessionId });
});

afterAll(async () => {
  await h?.close();
  await stopNats?.();
});

/** A new person, signed up (with `requestedPlan` when given), and the headers of their session. */
async function person(requestedPlan?: string): Promise<{ id: number; headers: Record<string, string>; email: string }> {
  const body = registration(requestedPlan ? { requestedPlan } : {});
  const response = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
  expect(response.statusCode).toBe(201);
  const { userId, sessionId } = sessionOf(response);
  return { id: userId, headers: await h.as({ userId, isAdmin: false, sessionId }), email: String(body.email) };
}

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const mine = async (headers: Record<string, string>) => myPlanRequestsResponseSchema.parse((await inject('GET', '/api/plan-requests/mine', headers)).json());
const ask = (headers: Record<string, string>, userType: unknown) => inject('POST', '/api/plan-requests', headers, { userType });
const openIds = async () => adminPlanRequestsResponseSchema.parse((await inject('GET', '/api/plan-requests', admin)).json()).requests.map((r) => r.id);

describe('asking for a plan', () => {
  it('asks for the plan chosen on the landing page at sign-up, and nothing for Starter, which the person is on', async () => {
    const chooser = await person('pro');
    const asked = await mine(chooser.headers);
    expect(asked).toMatchObject({
      userType: 'standard',
      request: { userType: 'pro', fromUserType: 'standard', status: 'open', decidedAt: null },
      decision: null,
    });
    expect(await openIds()).toContain(asked.request?.id);
    const starter = await person('standard');
    expect(await mine(starter.headers)).toEqual({ userType: 'standard', request: null, decision: null });
  });

  it('keeps one request open, refuses the plan one is on, and lets the person withdraw and ask again', async () => {
    const sam = await person();
    const onIt = await ask(sam.headers, 'standard');
    expect(onIt.statusCode).toBe(409);
    expect(onIt.json()).toEqual({ message: 'You are already on the Starter plan.' });

    const first = await ask(sam.headers, 'plus');
    expect(first.statusCode).toBe(201);
    const request = planRequestResponseSchema.parse(first.json()).request;
    expect(request).toMatchObject({ userType: 'plus', fromUserType: 'standard', status: 'open' });
    const second = await ask(sam.headers, 'pro');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'You have already asked for the Essentials plan. Withdraw that request to ask for another plan.' });
    expect((await mine(sam.headers)).request?.id).toBe(request.id);

    const withdrawn = await inject('DELETE', '/api/plan-requests/mine', sam.headers);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ message: 'Your plan request was withdrawn.' });
    // A withdrawal is the person's own doing: nothing to tell them.
    expect(await mine(sam.headers)).toEqual({ userType: 'standard', request: null, decision: null });
    const none = await inject('DELETE', '/api/plan-requests/mine', sam.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'You have no plan request waiting.' });
    expect((await ask(sam.headers, 'pro')).statusCode).toBe(201);
  });

  it('takes a downgrade as a request like any other', async () => {
    const pat = await person();
    await h.storage.users.setUserType(pat.id, 'pro');
    const down = await ask(pat.headers, 'plus');
    expect(down.statusCode).toBe(201);
    expect(down.json()).toMatchObject({ request: { userType: 'plus', fromUserType: 'pro' } });
  });

  it('refuses bad bodies and anonymous callers with a 4xx and a message, keeping nothing', async () => {
    const kim = await person();
    for (const [body, message] of [
      [{ userType: 'gold' }, 'userType must be one of standard, plus, pro'],
      [{ userType: { $ne: null } }, 'userType must be one of standard, plus, pro'],
      [{}, 'userType must be one of standard, plus, pro'],
    ] as const) {
      const response = await inject('POST', '/api/plan-requests', kim.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await mine(kim.headers)).request).toBeNull();
    for (const [method, url] of [
      ['GET', '/api/plan-requests/mine'],
      ['POST', '/api/plan-requests'],
      ['DELETE', '/api/plan-requests/mine'],
      ['GET', '/api/plans'],
    ] as const) {
      const anonymous = await inject(method, url, {}, method === 'POST' ? { userType: 'pro' } : undefined);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Authentication required' });
    }
  });

  it('shows every plan as the admins set it to anyone signed in', async () => {
    const lee = await person();
    const plans = plansResponseSchema.parse((await inject('GET', '/api/plans', lee.headers)).json()).plans;
    expect(plans.map((plan) => [plan.userType, plan.responseType, plan.features.voiceReplies, plan.features.mockInterviews])).toEqual([
      ['standard', 'text', false, false],
      ['plus', 'text_and_voice', true, false],
      ['pro', 'text_and_voice', true, true],
    ]);
  });
});

describe('admins answering requests', () => {
  it('grants a request: the plan changes at once, the person is told once, and a second answer is refused', async () => {
    const ada = await person('pro');
    const requestId = (await mine(ada.headers)).request?.id ?? 0;
    const listed = adminPlanRequestsResponseSchema.parse((await inject('GET', '/api/plan-requests', admin)).json()).requests.find((r) => r.id === requestId);
    expect(listed).toMatchObject({ userType: 'pro', fromUserType: 'standard', user: { id: ada.id, email: ada.email, userType: 'standard' } });

    const granted = await inject('POST', `/api/plan-requests/${requestId}/grant`, admin);
    expect(granted.statusCode).toBe(200);
    expect(adminPlanRequestResponseSchema.parse(granted.json()).request).toMatchObject({ id: requestId, status: 'granted', user: { userType: 'pro' } });
    expect((await h.storage.planRequests.findById(requestId))?.decidedBy).toBe(adminId);
    expect(await natsRequest(h.client, SUBJECTS.userSettings, { userId: ada.id })).toMatchObject({ ok: true, userType: 'pro', responseType: 'text_and_voice' });
    expect(await openIds()).not.toContain(requestId);

    // Told on the next page, once.
    const told = await mine(ada.headers);
    expect(told).toMatchObject({ userType: 'pro', request: null, decision: { id: requestId, status: 'granted', userType: 'pro' } });
    expect((await inject('POST', `/api/plan-requests/${requestId}/acknowledge`, ada.headers)).statusCode).toBe(200);
    expect((await mine(ada.headers)).decision).toBeNull();

    for (const action of ['grant', 'refuse']) {
      const again = await inject('POST', `/api/plan-requests/${requestId}/${action}`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This request was already granted.' });
    }
  });

  it('refuses a request: the person keeps their plan and hears it', async () => {
    const bo = await person('plus');
    const requestId = (await mine(bo.headers)).request?.id ?? 0;
    const refused = await inject('POST', `/api/plan-requests/${requestId}/refuse`, admin);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ request: { status: 'refused', user: { userType: 'standard' } } });
    expect(await mine(bo.headers)).toMatchObject({ userType: 'standard', request: null, decision: { id: requestId, status: 'refused' } });
    expect((await h.storage.users.findUserById(bo.id))?.userType).toBe('standard');
  });

  it('grants the open request of a person whose plan an admin sets to it in the users table', async () => {
    const cy = await person('plus');
    const requestId = (await mine(cy.headers)).request?.id ?? 0;
    expect((await h.app.inject({ method: 'PATCH', url: `/api/users/${cy.id}`, headers: admin, payload: { userType: 'plus' } })).statusCode).toBe(200);
    expect(await mine(cy.headers)).toMatchObject({ userType: 'plus', request: null, decision: { id: requestId, status: 'granted' } });
  });

  it('answers unknown, bad and withdrawn requests with a 4xx and a message', async () => {
    const di = await person('pro');
    const requestId = (await mine(di.headers)).request?.id ?? 0;
    await inject('DELETE', '/api/plan-requests/mine', di.headers);
    for (const [url, status, message] of [
      [`/api/plan-requests/${requestId}/grant`, 409, 'This request was already withdrawn.'],
      ['/api/plan-requests/999999/grant', 404, 'Plan request not found'],
      ['/api/plan-requests/999999/refuse', 404, 'Plan request not found'],
      ['/api/plan-requests/abc/grant', 400, undefined],
      ['/api/plan-requests/-1/refuse', 400, undefined],
    ] as const) {
      const response = await inject('POST', url, admin);
      expect(response.statusCode, url).toBe(status);
      const body = response.json() as { message: unknown };
      expect(typeof body.message).toBe('string');
      if (message) expect(body).toEqual({ message });
    }
    expect((await h.storage.users.findUserById(di.id))?.userType).toBe('standard');
  });

  it('keeps the admin doors to admins, and a person to their own requests', async () => {
    const eve = await person('pro');
    const victim = await person('plus');
    const eveRequest = (await mine(eve.headers)).request?.id ?? 0;
    const victimRequest = (await mine(victim.headers)).request?.id ?? 0;
    for (const [method, url] of [
      ['GET', '/api/plan-requests'],
      ['POST', `/api/plan-requests/${eveRequest}/grant`],
      ['POST', `/api/plan-requests/${victimRequest}/refuse`],
    ] as const) {
      const response = await inject(method, url, eve.headers);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: 'Admin access required' });
    }
    expect((await h.storage.users.findUserById(eve.id))?.userType).toBe('standard');
    expect((await h.storage.planRequests.findById(victimRequest))?.status).toBe('open');
    // Another person's answer is not theirs to acknowledge (nor an open request).
    await inject('POST', `/api/plan-requests/${victimRequest}/refuse`, admin);
    const theirs = await inject('POST', `/api/plan-requests/${victimRequest}/acknowledge`, eve.headers);
    expect(theirs.statusCode).toBe(404);
    expect((await mine(victim.headers)).decision?.id).toBe(victimRequest);
    expect((await inject('POST', `/api/plan-requests/${eveRequest}/acknowledge`, eve.headers)).statusCode).toBe(404);
  });
});

describe('plan requests over GraphQL', () => {
  const gql = (query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>) =>
    subgraphQuery<Record<string, unknown> | null>(h.app, headers, query, variables);
  const FIELDS = 'id userType fromUserType status decidedAt user { id userType }';

  it('does what REST does: ask, see, the admins’ list, grant, acknowledge', async () => {
    const fay = await person();
    const asked = await gql(`mutation { requestPlan(userType: plus) { ${FIELDS} } }`, fay.headers);
    expect(asked.data?.requestPlan).toMatchObject({ userType: 'plus', fromUserType: 'standard', status: 'open', user: { id: String(fay.id) } });
    const requestId = (asked.data?.requestPlan as { id: string }).id;
    const again = await gql('mutation { requestPlan(userType: pro) { id } }', fay.headers);
    expect(again.errors?.[0]).toMatchObject({ message: 'You have already asked for the Essentials plan. Withdraw that request to ask for another plan.' });
    expect((await gql('mutation { requestPlan(userType: standard) { id } }', fay.headers)).errors?.[0]?.message).toBe('You are already on the Starter plan.');
    expect((await gql(`{ myPlan { userType request { ${FIELDS} } decision { id } } }`, fay.headers)).data).toEqual({
      myPlan: { userType: 'standard', request: asked.data?.requestPlan, decision: null },
    });

    expect((await gql('{ planRequests { id } }', fay.headers)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(`mutation { grantPlanRequest(id: "${requestId}") { id } }`, fay.headers)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const list = await gql('{ planRequests { id user { email } } }', admin);
    expect(list.data?.planRequests).toContainEqual({ id: requestId, user: { email: fay.email } });
    const granted = await gql(`mutation { grantPlanRequest(id: "${requestId}") { ${FIELDS} } }`, admin);
    expect(granted.data?.grantPlanRequest).toMatchObject({ status: 'granted', user: { userType: 'plus' } });

    const told = await gql('{ myPlan { userType decision { id status } } }', fay.headers);
    expect(told.data).toEqual({ myPlan: { userType: 'plus', decision: { id: requestId, status: 'granted' } } });
    expect((await gql(`mutation { acknowledgePlanRequest(id: "${requestId}") { id } }`, fay.headers)).data).toEqual({
      acknowledgePlanRequest: { id: requestId },
    });
    expect((await gql('{ myPlan { decision { id } } }', fay.headers)).data).toEqual({ myPlan: { decision: null } });
  });

  it('refuses bad arguments and anonymous callers, and withdraws', async () => {
    const gus = await person();
    expect((await gql('mutation { requestPlan(userType: pro) { id } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql('{ myPlan { userType } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql('{ plans { userType } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql('mutation { grantPlanRequest(id: "abc") { id } }', admin)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await gql('mutation { withdrawPlanRequest { id } }', gus.headers)).errors?.[0]).toMatchObject({ message: 'You have no plan request waiting.' });
    await gql('mutation { requestPlan(userType: pro) { id } }', gus.headers);
    expect((await gql('mutation { withdrawPlanRequest { status } }', gus.headers)).data).toEqual({ withdrawPlanRequest: { status: 'withdrawn' } });
    expect((await gql('{ plans { userType responseType features { voiceReplies } } }', gus.headers)).data?.plans).toEqual([
      { userType: 'standard', responseType: 'text', features: { voiceReplies: false } },
      { userType: 'plus', responseType: 'text_and_voice', features: { voiceReplies: true } },
      { userType: 'pro', responseType: 'text_and_voice', features: { voiceReplies: true } },
    ]);
  });
});
