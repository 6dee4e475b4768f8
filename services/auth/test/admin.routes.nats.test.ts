import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES, SUBJECTS, adminUsersResponseSchema } from '@story/proto';
import { subgraphQuery } from '@story/testing/service-under-test';
import { natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';

let stopNats: () => Promise<void>;
let h: AuthHarness;
let admin: Record<string, string>;
let member: Record<string, string>;
let memberId: number;
let adminId: number;

beforeAll(async () => {
  const nats = await startTestNats();
  stopNats = nats.stop;
  h = await startAuthHarness(nats.nats.url, { ADMIN_EMAILS: 'Boss@Gmail.com, other.boss@yahoo.com' });
  const bossResponse = await h.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: registration({ email: 'boss@gmail.com', firstName: 'Boss' }),
  });
  const memberResponse = await h.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: registration({ email: 'member@gmail.com', firstName: 'Member' }),
  });
  adminId = sessionOf(bossResponse).userId;
  memberId = sessionOf(memberResponse).userId;
  admin = await h.as({ userId: adminId, isAdmin: true, sessionId: sessionOf(bossResponse).sessionId });
  member = await h.as({ userId: memberId, isAdmin: false, sessionId: sessionOf(memberResponse).sessionId });
});

afterAll(async () => {
  await h?.close();
  await stopNats?.();
});

const settingsRows = async () => (await h.storage.settings.listUserTypeSettings()).map((s) => [s.userType, s.timeLimit, s.responseType]);

describe('ADMIN_EMAILS', () => {
  it('makes a listed e-mail an admin at registration (any case), with adm in the cookie', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email: 'OTHER.Boss@yahoo.com' }) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ isAdmin: true, user: { isAdmin: true } });
    expect(sessionOf(response).isAdmin).toBe(true);
  });

  it('answers the first registered listed admin with isAdmin true and unlisted users with false', async () => {
    expect((await h.storage.users.findUserById(adminId))?.isAdmin).toBe(true);
    expect((await h.storage.users.findUserById(memberId))?.isAdmin).toBe(false);
  });

  it('promotes a listed account that was not an admin when it logs in', async () => {
    await h.storage.users.setAdmin(adminId, false);
    const response = await h.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'boss@gmail.com', password: 'Sup3r!secret' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Login successful', isAdmin: true });
    expect((await h.storage.users.findUserById(adminId))?.isAdmin).toBe(true);
  });
});

describe('GET /api/users (admin)', () => {
  it('needs a signed-in admin: 401 without identity, 403 for a member', async () => {
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required' });
    const forbidden = await h.app.inject({ method: 'GET', url: '/api/users', headers: member });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Admin access required' });
  });

  it('lists every user newest first with exactly the admin fields', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/users', headers: admin });
    expect(response.statusCode).toBe(200);
    const users = adminUsersResponseSchema.parse(response.json());
    expect(users.length).toBe((await h.storage.users.listUsers()).length);
    const times = users.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const user of response.json() as object[]) {
      expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'isAdmin', 'lastName', 'requestedPlan', 'userType']);
    }
    expect(users.find((u) => u.id === memberId)).toMatchObject({ email: 'member@gmail.com', firstName: 'Member', isAdmin: false, userType: 'standard' });
    expect(response.body).not.toContain('argon2');
  });

  it('searches e-mails and names and answers a page of 20 at a time, newest first, with the total found (issue 39, 5)', async () => {
    const created = [];
    for (let i = 0; i < 25; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, i));
      created.push(
        await h.storage.users.createUser(
          {
            email: `pager.${i}@gmail.com`,
            firstName: 'Paige',
            lastName: `Number${i}`,
            passwordHash: null,
            googleId: null,
            isAdmin: false,
            authProvider: 'email',
          },
          at,
        ),
      );
    }
    const newestFirst = created.map((user) => user.id).reverse();
    const page = async (url: string) => {
      const response = await h.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      return { ids: adminUsersResponseSchema.parse(response.json()).map((user) => user.id), total: response.headers['x-total-count'] };
    };
    expect(await page('/api/users?query=PAIGE&page=1')).toEqual({ ids: newestFirst.slice(0, 20), total: '25' });
    expect(await page('/api/users?query=paige&page=2')).toEqual({ ids: newestFirst.slice(20), total: '25' });
    expect(await page('/api/users?query=paige&page=3')).toEqual({ ids: [], total: '25' });
    expect(await page('/api/users?query=paige%20number7')).toEqual({ ids: [created[7]?.id], total: '1' });
    expect(await page('/api/users?query=member%40gmail')).toEqual({ ids: [memberId], total: '1' });
    expect(await page('/api/users?query=%25')).toEqual({ ids: [], total: '0' });
    expect((await page('/api/users')).ids).toHaveLength((await h.storage.users.listUsers()).length);
  });

  it('refuses a bad query or page with 400 and the rule it breaks', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page must be a whole number from 1'],
      ['page=-2', 'page must be a whole number from 1'],
      ['page=1.5', 'page must be a whole number from 1'],
      ['page=abc', 'page must be a whole number from 1'],
      ['page=99999999', 'page must be at most 1000000'],
      [`query=${'a'.repeat(255)}`, 'query must be at most 254 characters'],
      ['query=a&query=b', 'query must be text'],
    ];
    for (const [search, message] of cases) {
      const response = await h.app.inject({ method: 'GET', url: `/api/users?${search}`, headers: admin });
      expect(response.statusCode, search).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await h.app.inject({ method: 'GET', url: '/api/users?query=boss&page=1', headers: member })).statusCode).toBe(403);
  });
});

describe('user type settings', () => {
  it('needs an admin to read or change them', async () => {
    for (const [method, headers, status, message] of [
      ['GET', {}, 401, 'Authentication required'],
      ['GET', member, 403, 'Admin access required'],
      ['PATCH', {}, 401, 'Authentication required'],
      ['PATCH', member, 403, 'Admin access required'],
    ] as const) {
      const url = method === 'GET' ? '/api/user-type-settings' : '/api/user-type-settings/standard';
      const response = await h.app.inject({ method, url, headers, payload: method === 'PATCH' ? { timeLimit: 1, responseType: 'text' } : undefined });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(await settingsRows()).toEqual([
      ['standard', 300, 'text'],
      ['plus', 300, 'text_and_voice'],
      ['pro', 300, 'text_and_voice'],
    ]);
  });

  it('lists standard, plus and pro as seeded', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/user-type-settings', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { userType: 'standard', timeLimit: 300, responseType: 'text', monthlyMinutes: 120, features: DEFAULT_PLAN_FEATURES.standard },
      { userType: 'plus', timeLimit: 300, responseType: 'text_and_voice', monthlyMinutes: 600, features: DEFAULT_PLAN_FEATURES.plus },
      { userType: 'pro', timeLimit: 300, responseType: 'text_and_voice', monthlyMinutes: 1500, features: DEFAULT_PLAN_FEATURES.pro },
    ]);
  });

  it('GET /api/user/time-limit answers the caller’s limit, and 401 without a session', async () => {
    const mine = await h.app.inject({ method: 'GET', url: '/api/user/time-limit', headers: member });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ timeLimit: 300, responseType: 'text' });
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/user/time-limit' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required' });
  });

  it('an update takes effect at once for users of that type and only them', async () => {
    const plus = await h.patchSettings('plus', { timeLimit: 900, responseType: 'text_and_voice' }, admin);
    expect(plus.statusCode).toBe(200);
    expect(plus.json()).toEqual({
      userType: 'plus',
      timeLimit: 900,
      responseType: 'text_and_voice',
      monthlyMinutes: 600,
      features: DEFAULT_PLAN_FEATURES.plus,
    });
    // The member is standard: unchanged.
    expect((await h.app.inject({ method: 'GET', url: '/api/user/time-limit', headers: member })).json()).toEqual({ timeLimit: 300, responseType: 'text' });

    const standard = await h.patchSettings('standard', { timeLimit: 150, responseType: 'text_and_voice' }, admin);
    expect(standard.json()).toMatchObject({ userType: 'standard', timeLimit: 150, responseType: 'text_and_voice' });
    expect((await h.app.inject({ method: 'GET', url: '/api/user/time-limit', headers: member })).json()).toEqual({
      timeLimit: 150,
      responseType: 'text_and_voice',
    });
    expect(await natsRequest(h.client, SUBJECTS.userSettings, { userId: memberId })).toEqual({
      ok: true,
      userType: 'standard',
      timeLimit: 150,
      responseType: 'text_and_voice',
      monthlyMinutes: 120,
      // Replies spoken: AI voice replies are in the plan with them (issue 39, 4).
      features: { ...DEFAULT_PLAN_FEATURES.standard, voiceReplies: true },
      plans: expect.any(Array),
    });
    expect(await settingsRows()).toEqual([
      ['standard', 150, 'text_and_voice'],
      ['plus', 900, 'text_and_voice'],
      ['pro', 300, 'text_and_voice'],
    ]);
  });

  it('refuses bad updates with 400/413 and changes nothing', async () => {
    const before = await settingsRows();
    const cases: [string, unknown, number, string | undefined][] = [
      ['/api/user-type-settings/gold', { timeLimit: 60, responseType: 'text' }, 400, 'userType must be one of standard, plus, pro'],
      ['/api/user-type-settings/standard', { timeLimit: '60', responseType: 'text' }, 400, 'timeLimit must be a number of seconds'],
      ['/api/user-type-settings/standard', { timeLimit: -1, responseType: 'text' }, 400, 'timeLimit must be at least 0'],
      ['/api/user-type-settings/standard', { timeLimit: 86_401, responseType: 'text' }, 400, 'timeLimit must be at most 86400 seconds'],
      ['/api/user-type-settings/standard', { timeLimit: 60, responseType: 'voice' }, 400, 'responseType must be text or text_and_voice'],
      ['/api/user-type-settings/standard', { responseType: 'text' }, 400, 'timeLimit must be a number of seconds'],
      ['/api/user-type-settings/standard', { timeLimit: 60 }, 400, 'responseType must be text or text_and_voice'],
      ['/api/user-type-settings/standard', { timeLimit: { $gt: 0 }, responseType: { $ne: null } }, 400, 'timeLimit must be a number of seconds'],
      ['/api/user-type-settings/standard', [], 400, undefined],
    ];
    for (const [url, payload, status, message] of cases) {
      const response = await h.app.inject({ method: 'PATCH', url, headers: admin, payload: payload as object });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      if (message) expect(response.json()).toEqual({ message });
    }
    const malformed = await h.app.inject({
      method: 'PATCH',
      url: '/api/user-type-settings/pro',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"timeLimit": 5',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON' });
    const huge = await h.patchSettings('pro', { timeLimit: 5, responseType: 'text', pad: 'x'.repeat(2 * 1024 * 1024) }, admin);
    expect(huge.statusCode).toBe(413);
    expect(await settingsRows()).toEqual(before);
  });
});

describe('GET /api/auth/config and Google without a client id', () => {
  it('tells the web that Google sign-in is off and refuses google-auth with 404', async () => {
    const config = await h.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(config.json()).toEqual({ googleClientId: null });
    const google = await h.app.inject({ method: 'POST', url: '/api/users/google-auth', payload: { credential: 'x.y.z' } });
    expect(google.statusCode).toBe(404);
    expect(google.json()).toEqual({ message: 'Google sign-in is not configured' });
  });
});

describe('GraphQL subgraph', () => {
  const gql = (query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>) =>
    subgraphQuery<Record<string, unknown> | null>(h.app, headers, query, variables);

  it('me is the caller, or null without a session', async () => {
    expect((await gql('{ me { id email isAdmin userType } }', member)).data).toEqual({
      me: { id: String(memberId), email: 'member@gmail.com', isAdmin: false, userType: 'standard' },
    });
    expect((await gql('{ me { id } }')).data).toEqual({ me: null });
  });

  it('users and userTypeSettings follow the REST rules', async () => {
    const anonymous = await gql('{ users { id } }');
    expect(anonymous.errors?.[0]).toMatchObject({ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } });
    const forbidden = await gql('{ userTypeSettings { userType } }', member);
    expect(forbidden.errors?.[0]).toMatchObject({ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } });
    const users = await gql('{ users { id email createdAt } }', admin);
    expect((users.data?.users as unknown[]).length).toBe((await h.storage.users.listUsers()).length);
    const settings = await gql('{ userTypeSettings { userType timeLimit responseType } }', admin);
    expect((settings.data?.userTypeSettings as { userType: string }[]).map((s) => s.userType)).toEqual(['standard', 'plus', 'pro']);
  });

  it('usersPage searches and pages as GET /api/users does, for admins only', async () => {
    const query = 'query ($q: String, $p: Int) { usersPage(query: $q, page: $p) { total page pageSize users { id email } } }';
    expect((await gql(query, member, { q: 'boss' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(query, admin, { q: 'member@' })).data).toEqual({
      usersPage: { total: 1, page: 1, pageSize: 20, users: [{ id: String(memberId), email: 'member@gmail.com' }] },
    });
    const all = (await gql(query, admin, {})).data?.usersPage as { total: number; users: unknown[] };
    expect(all.total).toBe((await h.storage.users.listUsers()).length);
    expect(all.users.length).toBe(Math.min(all.total, 20));
    expect((await gql(query, admin, { p: 0 })).errors?.[0]).toMatchObject({
      message: 'page must be a whole number from 1',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('myRecordingSettings and updateUserTypeSetting share the REST behaviour', async () => {
    const mutation = 'mutation ($t: Int!) { updateUserTypeSetting(userType: pro, timeLimit: $t, responseType: text) { userType timeLimit responseType } }';
    expect((await gql(mutation, member, { t: 60 })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(mutation, admin, { t: -5 })).errors?.[0]).toMatchObject({
      message: 'timeLimit must be at least 0',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await gql(mutation, admin, { t: 420 })).data).toEqual({ updateUserTypeSetting: { userType: 'pro', timeLimit: 420, responseType: 'text' } });
    expect((await h.storage.settings.findUserTypeSetting('pro'))?.timeLimit).toBe(420);
    const mine = await gql('{ myRecordingSettings { timeLimit responseType } }', member);
    expect(mine.data).toEqual({ myRecordingSettings: (await h.app.inject({ method: 'GET', url: '/api/user/time-limit', headers: member })).json() });
    expect((await gql('{ myRecordingSettings { timeLimit } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('resolves User references for the user themselves and for admins only', async () => {
    const query = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on User { id email } } }';
    const own = await gql(query, member, { r: [{ __typename: 'User', id: String(memberId) }] });
    expect(own.data).toEqual({ _entities: [{ id: String(memberId), email: 'member@gmail.com' }] });
    const byAdmin = await gql(query, admin, { r: [{ __typename: 'User', id: String(memberId) }] });
    expect(byAdmin.data).toEqual({ _entities: [{ id: String(memberId), email: 'member@gmail.com' }] });
    const other = await gql(query, member, { r: [{ __typename: 'User', id: String(adminId) }] });
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(other.data)).not.toContain('boss@gmail.com');
    const missing = await gql(query, admin, { r: [{ __typename: 'User', id: '999999' }] });
    expect(missing.data).toEqual({ _entities: [null] });
  });
});
