import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { VALID_PASSWORD, registration, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';

/**
 * Password guessing against one account (issue 7, point 4): the gateway limits each address, so the
 * account itself must slow down. Counts live in NATS KV, shared by every auth instance.
 */
let nats: Awaited<ReturnType<typeof startTestNats>>;
let h: AuthHarness;
let clock = new Date('2026-05-01T09:00:00.000Z');
const now = () => clock;
const wait = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const WRONG = 'Wr0ng!guess';
const ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];

beforeAll(async () => {
  nats = await startTestNats();
  h = await startAuthHarness(nats.nats.url, {}, now);
});
afterAll(async () => {
  await h?.close();
  await nats?.stop();
});

let attempt = 0;
const login = (harness: AuthHarness, email: string, password: string) => {
  attempt += 1;
  return harness.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ADDRESSES[attempt % ADDRESSES.length] });
};
const register = async (email: string) => {
  const response = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email }) });
  expect(response.statusCode).toBe(201);
};
const expectWait = (response: LightMyRequestResponse, seconds: number, unit = 'seconds') => {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(seconds));
  expect(response.json()).toEqual({ message: `Too many sign-in attempts for this account. Please try again in ${seconds} ${unit}.` });
  expect(response.headers['set-cookie']).toBeUndefined();
};
const failFreely = async (harness: AuthHarness, email: string, times: number) => {
  for (let i = 0; i < times; i++) expect((await login(harness, email, WRONG)).statusCode).toBe(401);
};

describe('per-account sign-in throttling', () => {
  it('lets five wrong passwords through from any address, then makes the account wait longer after each further one', async () => {
    const email = 'guessed.at@gmail.com';
    await register(email);
    await failFreely(h, email, 5);
    // The sixth failure is answered as usual, and the account now waits 2 s, then 4 s, ...
    expect((await login(h, email, WRONG)).statusCode).toBe(401);
    // While it waits even the right password is refused without being checked, and the refusal is not counted.
    expectWait(await login(h, email, VALID_PASSWORD), 2);
    expectWait(await login(h, email, WRONG), 2);
    wait(1);
    expectWait(await login(h, email, WRONG), 1, 'second');
    wait(1);
    expect((await login(h, email, WRONG)).statusCode).toBe(401);
    expectWait(await login(h, email, VALID_PASSWORD), 4);
    wait(4);
    expect((await login(h, email, VALID_PASSWORD)).statusCode).toBe(200);
    // A successful sign-in forgets the failures: five are free again.
    await failFreely(h, email, 5);
    expect((await login(h, email, WRONG)).statusCode).toBe(401);
    expectWait(await login(h, email, WRONG), 2);
  });

  it('never makes an account wait more than five minutes', async () => {
    const email = 'patient.person@gmail.com';
    await register(email);
    await failFreely(h, email, 5);
    const waits: number[] = [];
    for (let failure = 6; failure <= 15; failure++) {
      expect((await login(h, email, WRONG)).statusCode).toBe(401);
      const refused = await login(h, email, WRONG);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(seconds);
      wait(seconds);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    expect((await login(h, email, VALID_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles an unknown e-mail the same way, so the answers tell nothing about which accounts exist', async () => {
    const email = 'nobody.home@gmail.com';
    await failFreely(h, email, 6);
    expectWait(await login(h, email, WRONG), 2);
  });

  it('is shared by every auth instance and survives a restart of one', async () => {
    const email = 'many.doors@gmail.com';
    await register(email);
    const second = await startAuthHarness(h.config.NATS_URL, {}, now);
    try {
      await failFreely(h, email, 3);
      await failFreely(second, email, 3);
      expectWait(await login(h, email, VALID_PASSWORD), 2);
      expectWait(await login(second, email, VALID_PASSWORD), 2);
    } finally {
      await second.close();
    }
    const restarted = await startAuthHarness(h.config.NATS_URL, {}, now);
    try {
      expectWait(await login(restarted, email, VALID_PASSWORD), 2);
    } finally {
      await restarted.close();
    }
    wait(2);
    expect((await login(h, email, VALID_PASSWORD)).statusCode).toBe(200);
  });
});

describe('per-e-mail check-email limit', () => {
  const check = (email: string, harness = h) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/users/check-email?email=${encodeURIComponent(email)}`,
      remoteAddress: ADDRESSES[(attempt += 1) % ADDRESSES.length],
    });

  it('answers ten checks of one e-mail a minute from any address, then 429 with Retry-After until the budget refills', async () => {
    clock = new Date('2026-05-02T10:00:30.000Z');
    for (let i = 0; i < 10; i++) expect((await check(i % 2 === 0 ? 'probe.me@gmail.com' : 'PROBE.me@Gmail.com')).statusCode).toBe(200);
    const refused = await check('probe.me@gmail.com');
    expect(refused.statusCode).toBe(429);
    // Ten a minute refill at one every six seconds.
    expect(refused.headers['retry-after']).toBe('6');
    expect(refused.json()).toEqual({ message: 'Too many checks of this email address. Please try again in 6 seconds.' });
    // Another e-mail has its own count; another instance shares this one.
    expect((await check('someone.else@gmail.com')).statusCode).toBe(200);
    const second = await startAuthHarness(h.config.NATS_URL, {}, now);
    try {
      expect((await check('probe.me@gmail.com', second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
    wait(6);
    expect((await check('probe.me@gmail.com')).json()).toEqual({ exists: false });
  });
});
