import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EVENTS_STREAM, EVENT_CONSUMERS, natsInboxPrefix } from '@story/proto';
import { ApiClient, GOOD_PASSWORD, uniqueEmail, signedUpPerson } from '@story/testing/api-client';
import { leaveDataEverywhere } from './support/person-data.ts';
import { reserveAdminEmail, standardStack, type StandardStack } from '@story/testing/standard-stack';

/**
 * Issue 24, point 3, across the running system: two people each leave data in every service through
 * the gateway; one deletes their account (auth writes `events.user.deleted` to its outbox, and each
 * service's durable consumer forgets them). Their rows are counted directly in every service's
 * SQLite file (and the search vectors' own file): more than zero before, zero after, while the other
 * person's counts do not move. A wrong password deletes nothing.
 */
let adminEmail: string;

let stack: StandardStack;
const audioDir = mkdtempSync(join(tmpdir(), 'account-deletion-'));

beforeAll(async () => {
  stack = await standardStack();
  adminEmail = reserveAdminEmail(stack);
});
afterAll(async () => {
  rmSync(audioDir, { recursive: true, force: true });
});

interface Person {
  client: ApiClient;
  id: number;
  email: string;
  resumeIds: number[];
}

async function signUp(email: string): Promise<Person> {
  return { ...(await signedUpPerson(stack.gatewayUrl, email)), email, resumeIds: [] };
}

/** Everything a person can leave behind (`support/person-data.ts`), and a public profile at a name of their own (a name change is a row too). */
async function leaveData(person: Person): Promise<void> {
  const left = await leaveDataEverywhere(person.client, `MARKER-${person.id}`, audioDir);
  expect(left.keptSpokenReply, 'a spoken reply was kept, for speech to forget').toBe(true);
  person.resumeIds.push(left.resumeId);
  const profile = await person.client.request('PUT', '/api/profile', {
    displayName: 'Ada Park',
    headline: 'Platform engineer',
    customName: `ada-${person.id}`,
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
}

/** Each store's rows of one person, by `store.table`, read straight from the service's SQLite file. */
function countRows(person: Person): Record<string, number> {
  const { id } = person;
  const resumeIds = JSON.stringify(person.resumeIds).slice(1, -1) || '0';
  const queries: Record<string, Record<string, [string, unknown[]]>> = {
    auth: {
      users: ['SELECT count(*) AS n FROM users WHERE id = ?', [id]],
      sessions: ['SELECT count(*) AS n FROM sessions WHERE user_id = ?', [id]],
    },
    conversations: {
      threads: ['SELECT count(*) AS n FROM threads WHERE user_id = ?', [id]],
      messages: ['SELECT count(*) AS n FROM conversations WHERE user_id = ?', [id]],
      audio: ['SELECT count(*) AS n FROM conversation_audio WHERE user_id = ?', [id]],
      snippetConversations: ['SELECT count(*) AS n FROM snippet_conversations WHERE user_id = ?', [id]],
    },
    jobs: {
      jobDescriptions: ['SELECT count(*) AS n FROM job_descriptions WHERE user_id = ?', [id]],
      snippets: ['SELECT count(*) AS n FROM job_description_snippets WHERE user_id = ?', [id]],
    },
    speech: { usage: ['SELECT count(*) AS n FROM usage_ledger WHERE user_id = ?', [id]] },
    feedback: {
      answers: ['SELECT count(*) AS n FROM answer_feedback WHERE user_id = ?', [id]],
      mockInterviews: ['SELECT count(*) AS n FROM mock_interviews WHERE user_id = ?', [id]],
    },
    search: {
      stories: ['SELECT count(*) AS n FROM unified_stories WHERE user_id = ?', [id]],
      words: ['SELECT count(*) AS n FROM stories_fts WHERE owner = ?', [`u${id}`]],
    },
    'search-vectors': { vectors: ['SELECT count(*) AS n FROM story_vectors WHERE user_id = ?', [id]] },
    profile: {
      resumes: ['SELECT count(*) AS n FROM resumes WHERE user_id = ?', [id]],
      versions: [`SELECT count(*) AS n FROM resume_versions WHERE resume_id IN (${resumeIds})`, []],
      publicProfiles: ['SELECT count(*) AS n FROM public_profiles WHERE user_id = ?', [id]],
      profileNameChanges: ['SELECT count(*) AS n FROM public_profile_name_changes WHERE user_id = ?', [id]],
    },
  };
  const counts: Record<string, number> = {};
  for (const [store, tables] of Object.entries(queries)) {
    const file = join(stack.dataDir, `${store}.sqlite`);
    expect(existsSync(file), file).toBe(true);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      for (const [table, [sql, params]] of Object.entries(tables))
        counts[`${store}.${table}`] = db.prepare<unknown[], { n: number }>(sql).get(...params)?.n ?? 0;
    } finally {
      db.close();
    }
  }
  return counts;
}

/** The stores where the person has no row (before deletion: none should be). */
const emptyStores = (person: Person) => Object.entries(countRows(person)).flatMap(([store, n]) => (n === 0 ? [store] : []));
/** The stores where the person still has rows (after deletion: none should be). */
const storesWithRows = (person: Person) => Object.entries(countRows(person)).flatMap(([store, n]) => (n > 0 ? [store] : []));

/**
 * Each new user-deletion consumer, read under its own service's NATS user: every event acked and none
 * delivered twice (a handler that failed, e.g. on its NATS rights, would have had it again).
 */
async function userDeletionConsumers(): Promise<Record<string, { pending: number; ackPending: number; redelivered: number }>> {
  const passwords = JSON.parse(readFileSync(join(stack.dataDir, 'keys', 'nats-credentials.json'), 'utf8')) as Record<string, string>;
  const owners = {
    conversations: EVENT_CONSUMERS.conversationsUserDeletion,
    jobs: EVENT_CONSUMERS.jobsUserDeletion,
    speech: EVENT_CONSUMERS.speechUserDeletion,
    profile: EVENT_CONSUMERS.profileUserDeletion,
  };
  const states: Record<string, { pending: number; ackPending: number; redelivered: number }> = {};
  for (const [user, durable] of Object.entries(owners)) {
    const nc = await connect({ servers: stack.natsUrl, user, pass: passwords[user], inboxPrefix: natsInboxPrefix(user) });
    try {
      const info = await (await jetstreamManager(nc)).consumers.info(EVENTS_STREAM, durable);
      states[durable] = { pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered };
    } finally {
      await nc.close();
    }
  }
  return states;
}

describe('deleting an account across every service', () => {
  it('forgets the person in every store after their password, and nobody else', { timeout: 120_000 }, async () => {
    const admin = await signUp(adminEmail);
    const ada = await signUp(uniqueEmail('delete-ada'));
    const bob = await signUp(uniqueEmail('delete-bob'));
    for (const person of [ada, bob]) expect((await admin.client.patch(`/api/users/${person.id}`, { userType: 'pro' })).status).toBe(200);
    // Pro speaks its replies, as the pricing copy sells it (the same on every run: safe on the shared stack).
    expect((await admin.client.patch('/api/user-type-settings/pro', { timeLimit: 300, responseType: 'text_and_voice' })).status).toBe(200);
    for (const person of [ada, bob]) await leaveData(person);

    // Feedback, stories and vectors come a moment later, through events.
    await expect.poll(() => [...emptyStores(ada), ...emptyStores(bob)], { timeout: 30_000, interval: 250 }).toEqual([]);
    const adaBefore = countRows(ada);
    const bobBefore = countRows(bob);

    const wrong = await ada.client.request('DELETE', '/api/users/me', { password: 'not my password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.accountDeletionPasswordWrong });
    expect((await ada.client.get('/api/users/me')).status).toBe(200);
    expect(countRows(ada)).toEqual(adaBefore);

    const oldCookie = ada.client.cookieHeader();
    const deleted = await ada.client.request('DELETE', '/api/users/me', { password: GOOD_PASSWORD });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });

    const started = Date.now();
    await expect.poll(() => storesWithRows(ada), { timeout: 30_000, interval: 100 }).toEqual([]);
    console.info(`account deletion: every store empty of the person within ${Date.now() - started} ms`);
    expect(countRows(bob)).toEqual(bobBefore);
    // Every consumer acked the event the first time: speech's deletion of the kept spoken replies too.
    await expect
      .poll(async () => Object.values(await userDeletionConsumers()).every((state) => state.pending === 0 && state.ackPending === 0), { timeout: 10_000 })
      .toBe(true);
    for (const [durable, state] of Object.entries(await userDeletionConsumers())) expect(state.redelivered, durable).toBe(0);

    // The old cookie is dead at once, and the account cannot sign in again.
    const replay = await fetch(`${stack.gatewayUrl}/api/users/me`, { headers: { cookie: oldCookie } });
    expect(replay.status).toBe(401);
    const signIn = await new ApiClient(stack.gatewayUrl).post('/api/users/login', { email: ada.email, password: GOOD_PASSWORD });
    expect(signIn.status).toBe(401);
    expect((await bob.client.get('/api/users/me')).status).toBe(200);
  });
});
