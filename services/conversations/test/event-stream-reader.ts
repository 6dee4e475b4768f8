import { connect } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@story/proto';

export interface StreamEvent {
  subject: string;
  data: Record<string, unknown>;
}

/**
 * Reads every event on the EVENTS stream with a durable pull consumer and explicit acks, the way the
 * search service consumes it. `filter` narrows the subjects (default all).
 */
export async function readAllEvents(natsUrl: string, durable: string, filter = 'events.>'): Promise<StreamEvent[]> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.add(EVENTS_STREAM, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: filter,
    });
    const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, durable);
    const events: StreamEvent[] = [];
    for (;;) {
      const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
      let received = 0;
      for await (const message of batch) {
        received++;
        events.push({ subject: message.subject, data: message.json<Record<string, unknown>>() });
        message.ack();
      }
      if (received === 0) break;
    }
    await jsm.consumers.delete(EVENTS_STREAM, durable);
    return events;
  } finally {
    await nc.close();
  }
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
