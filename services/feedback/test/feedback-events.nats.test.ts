import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { EVENT_SUBJECTS, SUBJECTS, answerFeedbackSchema, feedbackStoredMessageSchema } from '@story/proto';
import { ensureEventsStream } from '@story/service-kit/nats';
import { tempDataDir } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { answerEvent, startTestFeedback, type TestFeedback } from './feedback-test-kit.ts';

/**
 * `GET /api/feedback/{answerId}/events` against a real nats-server: the stream opened before the
 * answer is scored gets its feedback once the consumer stores it, `feedback.stored` goes out on NATS,
 * and another person's answer is refused.
 */
const dir = tempDataDir('feedback-events-');
let nats: NatsServerHandle;
let publisher: NatsConnection;
let service: TestFeedback;
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  publisher = await connect({ servers: nats.url });
  await ensureEventsStream(publisher);
  service = await startTestFeedback({ natsUrl: nats.url, dataDir: join(dir, 'feedback') });
  alice = await service.as(21);
  bob = await service.as(22);
});
afterAll(async () => {
  await service?.close();
  await publisher?.close();
  await nats?.stop();
});

/** The events of a finished server-sent-events body: each one's name and parsed data. */
function eventsOf(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] }))
    .filter((entry): entry is { event: string; data: string } => Boolean(entry.event && entry.data))
    .map((entry) => ({ event: entry.event, data: JSON.parse(entry.data) as unknown }));
}

const openStream = (answerId: string, headers: Record<string, string>) =>
  service.app.inject({ method: 'GET', url: `/api/feedback/${answerId}/events`, headers });

describe('the feedback stream', () => {
  it('sends the feedback once the answer given is scored, and feedback.stored goes out on NATS', async () => {
    const event = answerEvent({ userId: 21 });
    const stored = publisher.subscribe(SUBJECTS.feedbackStored, { max: 1 });
    const heard = (async () => {
      for await (const msg of stored) return feedbackStoredMessageSchema.parse(msg.json());
      return undefined;
    })();
    const streamed = openStream(event.answerId, alice);
    await jetstream(publisher).publish(EVENT_SUBJECTS.answerGiven, JSON.stringify(event));

    const response = await streamed;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(response.body);
    expect(events.map((entry) => entry.event)).toEqual(['feedback']);
    expect(answerFeedbackSchema.parse(events[0]?.data)).toMatchObject({ answerId: event.answerId, answer: event.answer });
    expect(await heard).toEqual({ answerId: event.answerId, userId: 21 });

    // Opened once the feedback is stored: it comes at once.
    const again = eventsOf((await openStream(event.answerId, alice)).body);
    expect(again.map((entry) => entry.event)).toEqual(['feedback']);
  });

  it('refuses another person’s answer with the 404 of GET, and a caller who is not signed in', async () => {
    const event = answerEvent({ userId: 21 });
    const streamed = openStream(event.answerId, alice);
    await jetstream(publisher).publish(EVENT_SUBJECTS.answerGiven, JSON.stringify(event));
    await streamed;

    const foreign = await openStream(event.answerId, bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'No feedback for this answer yet' });
    const anonymous = await openStream(event.answerId, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('message');
  });
});
