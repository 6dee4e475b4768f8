import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { REPO_ROOT, type StackHandle } from '../src/stack.ts';

/** The whole system through its one public port: NATS, every service and the gateway, for real. */
let stack: StackHandle & { dataDir: string };
const adminEmail = uniqueEmail('boss');

// Owns its stack: an admin changes the Starter plan's settings, which every person on the stack would see.
beforeAll(async () => {
  stack = await startTestStack({ env: { ADMIN_EMAILS: adminEmail.toUpperCase() } });
});
afterAll(async () => {
  await stack?.stop();
});

const register = async (client: ApiClient, email = uniqueEmail()) => {
  const reply = await client.post('/api/users/register', { email, firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { email, reply };
};

describe('the running system', () => {
  it('reports health and readiness on the gateway and every service', async () => {
    for (const process of stack.processes) {
      expect((await fetch(`${process.url}/healthz`)).status, process.name).toBe(200);
      expect((await fetch(`${process.url}/readyz`)).status, process.name).toBe(200);
    }
  });

  it('serves the web app with SPA fallback for client routes', async () => {
    for (const path of ['/', '/signup', '/admin', '/no/such/page']) {
      const response = await fetch(`${stack.gatewayUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('signs up, signs out, refuses the replayed cookie, and signs in again', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const { email, reply } = await register(client);
    expect(reply.body).toMatchObject({ message: 'Registration successful!', isAdmin: false });
    const sessionCookie = client.cookie('session');
    expect(sessionCookie).toBeTruthy();

    const me = await client.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, firstName: 'Ada', isAdmin: false });

    expect((await client.get('/api/user/time-limit')).body).toEqual({ timeLimit: 300, responseType: 'text' });

    expect((await client.post('/api/users/logout')).status).toBe(200);
    expect((await client.get('/api/users/me')).status).toBe(401);

    // An attacker who kept the cookie from before the logout gets nowhere.
    const replay = new ApiClient(stack.gatewayUrl);
    replay.setCookie('session', sessionCookie ?? '');
    const replayed = await replay.get('/api/user/time-limit');
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ message: 'Authentication required' });

    const wrong = await client.post('/api/users/login', { email, password: 'Wrong-pass1!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });

    const login = await client.post('/api/users/login', { email: email.toUpperCase(), password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.isAdmin).toBe(false);
    expect((await client.get('/api/users/me')).status).toBe(200);
  });

  it('tells an existing e-mail from a new one', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const { email } = await register(client);
    expect((await client.get(`/api/users/check-email?email=${encodeURIComponent(email)}`)).body).toEqual({ exists: true });
    expect((await client.get(`/api/users/check-email?email=${encodeURIComponent(uniqueEmail('new'))}`)).body).toEqual({ exists: false });
  });

  it('lets an admin change a plan limit that applies to its users at once, and keeps others out', async () => {
    const user = new ApiClient(stack.gatewayUrl);
    await register(user);
    const forbidden = await user.get('/api/users');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: 'Admin access required' });
    expect((await user.patch('/api/user-type-settings/standard', { timeLimit: 10, responseType: 'text' })).status).toBe(403);

    const admin = new ApiClient(stack.gatewayUrl);
    const { reply } = await register(admin, adminEmail);
    expect(reply.body.isAdmin).toBe(true);
    const users = await admin.get('/api/users');
    expect(users.status).toBe(200);
    expect(users.body.map((u: { email: string }) => u.email)).toContain(adminEmail);
    expect(users.body[0]).not.toHaveProperty('password');

    const update = await admin.patch('/api/user-type-settings/standard', { timeLimit: 150, responseType: 'text_and_voice' });
    expect(update.status).toBe(200);
    expect((await user.get('/api/user/time-limit')).body).toEqual({ timeLimit: 150, responseType: 'text_and_voice' });
    const settings = await admin.get('/api/user-type-settings');
    expect(settings.body).toContainEqual(
      expect.objectContaining({ userType: 'standard', timeLimit: 150, responseType: 'text_and_voice', monthlyMinutes: 120 }),
    );
    // Pro replies by voice by default, as the pricing copy sells it (issue 39).
    expect(settings.body).toContainEqual(expect.objectContaining({ userType: 'pro', timeLimit: 300, responseType: 'text_and_voice', monthlyMinutes: 1500 }));
  });

  it('applies a promotion to a signed-in user within seconds, without signing in again', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const { email } = await register(client);
    expect((await client.get('/api/users')).status).toBe(403);
    const output = execFileSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'services/auth/src/cli/promote-admin.ts'), email], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: stack.dataDir },
      encoding: 'utf8',
    });
    expect(output).toContain(email);
    // The gateway trusts a "valid" answer from auth for at most 5 s; then the new flag applies.
    await expect.poll(async () => (await client.get('/api/users')).status, { timeout: 8000, interval: 250 }).toBe(200);
  });

  it('answers GraphQL through the gateway for the signed-in user only', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const { email } = await register(client);
    const query = await client.post('/graphql', { query: '{ me { email isAdmin } myRecordingSettings { timeLimit } }' });
    expect(query.status).toBe(200);
    expect(query.body.data.me).toEqual({ email, isAdmin: false });
    const admins = await client.post('/graphql', { query: '{ users { email } }' });
    expect(admins.body.errors?.[0]?.message).toBe('Admin access required');

    // One query across two subgraphs: the user from auth, their threads from conversations.
    const created = await client.post('/api/conversation-threads');
    expect(created.status).toBe(201);
    // Lists hold threads with a saved message (issue 11).
    expect(
      (
        await client.post('/api/conversations', {
          threadId: created.body.threadId,
          userMessage: 'My first job was in a bakery.',
          aiResponse: 'What did you learn?',
        })
      ).status,
    ).toBe(201);
    await client.patch(`/api/conversation-threads/${created.body.threadId}/title`, { title: 'First job' });
    const federated = await client.post('/graphql', { query: '{ me { email threads(deleted: false) { id title deleted } } }' });
    expect(federated.body.errors).toBeUndefined();
    expect(federated.body.data.me).toEqual({ email, threads: [{ id: String(created.body.threadId), title: 'First job', deleted: false }] });

    const anonymous = new ApiClient(stack.gatewayUrl);
    expect((await anonymous.post('/graphql', { query: '{ me { email } }' })).status).toBe(401);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const injection = await client.post('/api/users/login', { email: { $gt: '' }, password: { $gt: '' } });
    expect(injection.status).toBe(400);
    expect(injection.body).toEqual({ message: 'Please enter a valid email address' });
    const malformed = await client.request('POST', '/api/users/register', '{"email":', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.message).toBe('string');
    const domain = await client.post('/api/users/register', { email: 'ada@example.com', firstName: 'A', lastName: 'B', password: GOOD_PASSWORD });
    expect(domain.body).toEqual({ message: 'Please use a valid Gmail, Yahoo, Hotmail, Outlook, or Live email address' });
    expect((await client.get('/api/users/check-email?email=ada@example.com')).body).toEqual({ exists: false });
    const huge = await client.post('/api/users/register', { email: uniqueEmail(), firstName: 'x'.repeat(3_000_000), lastName: 'B', password: GOOD_PASSWORD });
    expect(huge.status).toBe(413);
    expect((await client.get('/api/no-such-thing')).status).toBe(404);
  });

  it('refuses a state change without the CSRF token', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Invalid or missing CSRF token' });
  });

  it('carries the request id from the gateway to the service and back', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/users/check-email?email=a%40gmail.com`, { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-abc-123');
  });
});
