import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_STREAM, EVENT_SUBJECTS, SUBJECTS, snippetOwnerReplySchema } from '@story/proto';
import { tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { requester, startJobsForTest, type JobsUnderTest } from './jobs-test-kit.ts';

const OWNER = 21;
const STRANGER = 22;

/** The jobs service on a real nats-server: it answers who owns a snippet, and a deletion reaches EVENTS. */
describe('jobs service with a real nats-server', () => {
  const dir = tempDataDir('jobs-nats-');
  let nats: NatsServerHandle;
  let service: JobsUnderTest;
  let asker: NatsConnection;
  let request: ReturnType<typeof requester>;
  let owner: Record<string, string>;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    service = await startJobsForTest({ natsUrl: nats.url, dataDir: join(dir, 'service'), env: { OUTBOX_RELAY_INTERVAL_MS: '100' } });
    asker = await connect({ servers: nats.url });
    request = requester(service);
    owner = await service.as(OWNER);
  });
  afterAll(async () => {
    await asker?.close();
    await service?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (payload: string) => snippetOwnerReplySchema.parse((await asker.request(SUBJECTS.snippetOwner, payload, { timeout: 2000 })).json());
  const saveDescriptionWithSnippets = async (texts: readonly string[]) => {
    const confirmed = await request('POST', '/api/confirm-job-description', owner, { formattedContent: '## Role', jobTitle: 'Lead', companyName: 'Acme' });
    const jobDescriptionId = confirmed.json<{ id: number }>().id;
    const snippetIds: number[] = [];
    for (const snippetText of texts)
      snippetIds.push((await request('POST', '/api/job-description-snippets', owner, { jobDescriptionId, snippetText })).json<{ id: number }>().id);
    return { jobDescriptionId, snippetIds };
  };

  it('answers jobs.snippet.owner: the text for the owner, "Snippet not found" for anyone else or a malformed question', async () => {
    const { jobDescriptionId, snippetIds } = await saveDescriptionWithSnippets(['- Lead a team of five']);
    const snippetId = snippetIds[0] ?? 0;
    expect(await ask(JSON.stringify({ snippetId, userId: OWNER }))).toEqual({ ok: true, snippetText: '- Lead a team of five', jobDescriptionId });
    expect(await ask(JSON.stringify({ snippetId, userId: STRANGER }))).toEqual({ ok: false, message: 'Snippet not found' });
    expect(await ask(JSON.stringify({ snippetId: snippetId + 1000, userId: OWNER }))).toEqual({ ok: false, message: 'Snippet not found' });
    expect((await ask('not json')).ok).toBe(false);
    expect((await ask(JSON.stringify({ snippetId: '1', userId: OWNER }))).ok).toBe(false);
  });

  it('publishes the deletion of a description and of each of its snippets to EVENTS, once each', async () => {
    const { jobDescriptionId, snippetIds } = await saveDescriptionWithSnippets(['A', 'B']);
    expect((await request('DELETE', `/api/formatted-job-descriptions/${jobDescriptionId}`, owner)).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while ((await service.deps.storage.outbox.countPendingEvents()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await service.deps.storage.outbox.countPendingEvents()).toBe(0);

    const jsm = await jetstreamManager(asker);
    await jsm.consumers.add(EVENTS_STREAM, {
      durable_name: 'jobs-test',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: 'events.>',
    });
    const consumer = await jetstream(asker).consumers.get(EVENTS_STREAM, 'jobs-test');
    const events: { subject: string; data: Record<string, unknown> }[] = [];
    for (const message of await consumer.fetch({ max_messages: 100, expires: 1000 }).then(async (batch) => {
      const received = [];
      for await (const m of batch) received.push(m);
      return received;
    })) {
      events.push({ subject: message.subject, data: message.json() });
      message.ack();
    }
    expect(events.map((e) => [e.subject, e.data.jobDescriptionId ?? e.data.snippetId])).toEqual([
      [EVENT_SUBJECTS.jobDescriptionDeleted, jobDescriptionId],
      [EVENT_SUBJECTS.snippetDeleted, snippetIds[1]],
      [EVENT_SUBJECTS.snippetDeleted, snippetIds[0]],
    ]);
    expect(events.every((e) => e.data.userId === OWNER)).toBe(true);
    // Its snippets are gone for the conversations service too.
    expect(await ask(JSON.stringify({ snippetId: snippetIds[0], userId: OWNER }))).toEqual({ ok: false, message: 'Snippet not found' });
  });
});
