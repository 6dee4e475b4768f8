import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES, SUBJECTS, adminUserSchema } from '@story/proto';
import { natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';

/** Issue 21 at auth: monthly minutes and features per user type, the plan chosen at sign-up, and PATCH /api/users/{id}. */
let stopNats: () => Promise<void>;
let h: AuthHarness;
let admin: Record<string, string>;
let member: Record<string, string>;
let memberId: number;

beforeAll(async () => {
  const nats = await startTestNats();
  stopNats = nats.stop;
  h = await startAuthHarness(nats.nats.url, { ADMIN_EMAILS: 'chief@gmail.com' });
  const chief = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email: 'chief@gmail.com' }) });
  const person = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ requestedPlan: 'pro' }) });
  expect(person.statusCode).toBe(201);
  memberId = sessionOf(person).userId;
  admin = await h.as({ userId: sessionOf(chief).userId, isAdmin: true, sessionId: sessionOf(chief).sessionId });
  member = await h.as({ userId: memberId, isAdmin: false, sessionId: sessionOf(person).sessionId });
});

afterAll(async () => {
  await h?.close();
  await stopNats?.();
});

const patchSettings = (userType: string, payload: unknown, headers = admin) => h.patchSettings(userType, payload, headers);

describe('monthly minutes and features per user type', () => {
  it('an admin sets monthly minutes and switches features; the NATS answer carries them at once', async () => {
    const response = await patchSettings('standard', { timeLimit: 300, responseType: 'text', monthlyMinutes: 1, features: { mockInterviews: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userType: 'standard',
      timeLimit: 300,
      responseType: 'text',
      monthlyMinutes: 1,
      features: { ...DEFAULT_PLAN_FEATURES.standard, mockInterviews: true },
    });
    expect(await natsRequest(h.client, SUBJECTS.userSettings, { userId: memberId })).toMatchObject({
      ok: true,
      monthlyMinutes: 1,
      features: { mockInterviews: true, resume: false },
    });
    const half = await patchSettings('standard', { timeLimit: 300, responseType: 'text', monthlyMinutes: 0.5, features: { mockInterviews: false } });
    expect(half.json()).toMatchObject({ monthlyMinutes: 0.5, features: DEFAULT_PLAN_FEATURES.standard });
  });

  it('refuses negative, huge, non-numeric and off-step minutes and unknown features with the time limit’s kind of message, changing nothing', async () => {
    const before = (await h.storage.settings.findUserTypeSetting('plus'))?.monthlyMinutes;
    const cases: [unknown, string][] = [
      [-1, 'Monthly minutes must be at least 0'],
      [44_641, 'Monthly minutes must be at most 44640'],
      [1e300, 'Monthly minutes must be at most 44640'],
      ['120', 'Monthly minutes must be a number'],
      [null, 'Monthly minutes must be a number'],
      [0.3, 'Monthly minutes must be a whole or half number (such as 90 or 90.5)'],
    ];
    for (const [monthlyMinutes, message] of cases) {
      const response = await patchSettings('plus', { timeLimit: 300, responseType: 'text', monthlyMinutes });
      expect(response.statusCode, JSON.stringify(monthlyMinutes)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const unknown = await patchSettings('plus', { timeLimit: 300, responseType: 'text', features: { teleport: true } });
    expect(unknown.statusCode).toBe(400);
    const notBoolean = await patchSettings('plus', { timeLimit: 300, responseType: 'text', features: { resume: 'yes' } });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toEqual({ message: 'resume must be true or false' });
    expect((await h.storage.settings.findUserTypeSetting('plus'))?.monthlyMinutes).toBe(before);
    expect((await h.storage.settings.findUserTypeSetting('plus'))?.features).toEqual(DEFAULT_PLAN_FEATURES.plus);
  });

  it('needs an admin', async () => {
    const response = await patchSettings('pro', { timeLimit: 300, responseType: 'text', monthlyMinutes: 0 }, member);
    expect(response.statusCode).toBe(403);
    expect((await h.storage.settings.findUserTypeSetting('pro'))?.monthlyMinutes).toBe(1500);
  });
});

describe('choosing a plan', () => {
  it('keeps the plan chosen at sign-up as requestedPlan, granting nothing, and shows it to admins', async () => {
    const users = await h.app.inject({ method: 'GET', url: '/api/users', headers: admin });
    const mine = (users.json() as { id: number }[]).find((user) => user.id === memberId);
    expect(mine).toMatchObject({ userType: 'standard', requestedPlan: 'pro' });
    const bad = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ requestedPlan: 'gold' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'userType must be one of standard, plus, pro' });
  });

  it('PATCH /api/users/{id} sets the user type, for admins only; the person’s next settings read sees it', async () => {
    const forbidden = await h.app.inject({ method: 'PATCH', url: `/api/users/${memberId}`, headers: member, payload: { userType: 'pro' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Admin access required' });
    const anonymous = await h.app.inject({ method: 'PATCH', url: `/api/users/${memberId}`, payload: { userType: 'pro' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await h.storage.users.findUserById(memberId))?.userType).toBe('standard');

    const response = await h.app.inject({ method: 'PATCH', url: `/api/users/${memberId}`, headers: admin, payload: { userType: 'pro' } });
    expect(response.statusCode).toBe(200);
    // The request for Pro made at sign-up is granted with it (issue 39): none waits any more.
    expect(adminUserSchema.parse(response.json())).toMatchObject({ id: memberId, userType: 'pro', requestedPlan: null });
    expect(await natsRequest(h.client, SUBJECTS.userSettings, { userId: memberId })).toMatchObject({ ok: true, userType: 'pro', monthlyMinutes: 1500 });
    const mine = await h.app.inject({ method: 'GET', url: '/api/users/me', headers: member });
    expect(mine.json()).toMatchObject({ userType: 'pro' });
  });

  it('refuses bad ids, bodies and unknown people with 4xx and a message', async () => {
    const cases: [string, unknown, number, string][] = [
      [`/api/users/${memberId}`, { userType: 'gold' }, 400, 'userType must be one of standard, plus, pro'],
      [`/api/users/${memberId}`, {}, 400, 'userType must be one of standard, plus, pro'],
      ['/api/users/abc', { userType: 'plus' }, 400, ''],
      ['/api/users/999999', { userType: 'plus' }, 404, 'User not found'],
    ];
    for (const [url, payload, status, message] of cases) {
      const response = await h.app.inject({ method: 'PATCH', url, headers: admin, payload: payload as object });
      expect(response.statusCode, url).toBe(status);
      expect(typeof (response.json() as { message: unknown }).message).toBe('string');
      if (message) expect(response.json()).toEqual({ message });
    }
    expect((await h.storage.users.findUserById(memberId))?.userType).toBe('pro');
  });
});
