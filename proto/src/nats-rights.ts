/**
 * What each NATS user may publish and subscribe to. NATS itself enforces these (one account, one user
 * per service and one for the gateway, no anonymous access): `make run` writes them into the
 * nats-server configuration it generates, and `infra/nats/accounts.conf` (docker compose) must say the
 * same. The JetStream API subjects below are the ones nats.js 3.4 uses against nats-server 2.9, found
 * by tracing the real client on the real server.
 */
import type { ServiceName } from './routes.ts';
import { MOCK_SUBJECTS } from './mock-interview-subjects.ts';
import { EXPORT_SUBJECTS } from './export-subjects.ts';
import { EVENTS_STREAM, EVENT_CONSUMERS, NATS_BUCKETS, SUBJECTS } from './subjects.ts';

/** One NATS user's permissions (NATS subject syntax: `*` one token, `>` the rest). */
export interface NatsRights {
  publish: readonly string[];
  subscribe: readonly string[];
  /** May answer requests it receives, once each, on their reply subject (NATS `allow_responses`). */
  respond: boolean;
}

/** The NATS user of the gateway; every service's user is the service's name. */
export const GATEWAY_NATS_USER = 'gateway';

/** A user's replies arrive under its own inbox prefix, so no other user can read them. */
export const natsInboxPrefix = (user: string): string => `_INBOX.${user}`;

const JS_API = '$JS.API';

/** Every JetStream client first asks for the account's JetStream info. */
const JETSTREAM_INFO = [`${JS_API}.INFO`];

/** Look up a stream and create it when missing (`ensureEventsStream`, KV and object store set-up). */
const streamSetup = (stream: string) => [`${JS_API}.STREAM.INFO.${stream}`, `${JS_API}.STREAM.CREATE.${stream}`];

/** A KV bucket (`openSharedBucket`, get / create / update); MSG.GET is the client's way to read a bucket made without direct get. */
const kvBucket = (bucket: string) => [
  ...streamSetup(`KV_${bucket}`),
  `${JS_API}.DIRECT.GET.KV_${bucket}.>`,
  `${JS_API}.STREAM.MSG.GET.KV_${bucket}`,
  `$KV.${bucket}.>`,
];

/**
 * An object store: chunks and metadata, an ordered consumer to read (deleted and made again when it
 * resets), purge to delete, and answers to the flow-control requests of large reads.
 */
const objectStore = (bucket: string) => [
  ...streamSetup(`OBJ_${bucket}`),
  `${JS_API}.STREAM.MSG.GET.OBJ_${bucket}`,
  `${JS_API}.STREAM.PURGE.OBJ_${bucket}`,
  `${JS_API}.CONSUMER.CREATE.OBJ_${bucket}.>`,
  `${JS_API}.CONSUMER.DELETE.OBJ_${bucket}.>`,
  `$O.${bucket}.>`,
  `$JS.FC.OBJ_${bucket}.>`,
];

/** A durable pull consumer with explicit acks: create (with or without a filter), info, fetch, ack. */
const durableConsumer = (stream: string, durable: string) => [
  `${JS_API}.CONSUMER.CREATE.${stream}.${durable}`,
  `${JS_API}.CONSUMER.CREATE.${stream}.${durable}.>`,
  `${JS_API}.CONSUMER.INFO.${stream}.${durable}`,
  `${JS_API}.CONSUMER.MSG.NEXT.${stream}.${durable}`,
  `$JS.ACK.${stream}.${durable}.>`,
];

/**
 * The event subjects each service alone may publish (the owner of the data they describe). Every
 * subject of EVENT_SUBJECTS falls under exactly one owner (proto's test says so).
 */
export const EVENT_OWNERS = {
  auth: ['events.user.>'],
  conversations: ['events.story.saved', 'events.thread.>', 'events.answer.given'],
  jobs: ['events.job-description.>', 'events.snippet.>'],
  speech: ['events.usage.>'],
} as const satisfies Partial<Record<ServiceName, readonly string[]>>;

/** Publishing domain events: the owner's subjects, and the EVENTS stream made sure of (publish acks come to the inbox). */
const eventsOf = (owner: keyof typeof EVENT_OWNERS) => [...EVENT_OWNERS[owner], ...JETSTREAM_INFO, ...streamSetup(EVENTS_STREAM)];

const rights = (user: string, granted: { publish?: readonly string[]; subscribe?: readonly string[]; respond?: boolean }): NatsRights => ({
  publish: [...new Set(granted.publish ?? [])],
  subscribe: [...new Set([...(granted.subscribe ?? []), `${natsInboxPrefix(user)}.>`])],
  respond: granted.respond ?? false,
});

/** Between the speech front and its workers only: live sessions (opened in the queue group, then each on its own subjects) and job reports. */
const SPEECH_OWN_SUBJECTS = [SUBJECTS.speechStreamOpen, 'speech.session.>', 'speech.job.>'];

/**
 * The rights of every service, planned ones included so that they start right when they join the
 * registry (`proto/src/services.ts` gives each entry its rights from here).
 */
export const SERVICE_NATS_RIGHTS = {
  auth: rights('auth', {
    subscribe: [SUBJECTS.sessionCheck, SUBJECTS.userSettings, EXPORT_SUBJECTS.auth],
    // The data export (issue 24): auth writes the ZIP and asks every service, itself included, for its part.
    publish: [SUBJECTS.sessionRevoked, ...eventsOf('auth'), ...kvBucket(NATS_BUCKETS.authThrottles), ...Object.values(EXPORT_SUBJECTS)],
    respond: true,
  }),
  conversations: rights('conversations', {
    subscribe: [SUBJECTS.chatReply, SUBJECTS.chatOpening, EXPORT_SUBJECTS.conversations],
    // Its durable consumer deletes the practice conversations of snippets the jobs service deleted.
    publish: [
      ...eventsOf('conversations'),
      SUBJECTS.snippetOwner,
      SUBJECTS.userSettings,
      // The coach knows the person's résumé, and a story told about a bullet is linked to it.
      SUBJECTS.resumeContext,
      SUBJECTS.resumeThreadLink,
      ...JETSTREAM_INFO,
      ...objectStore(NATS_BUCKETS.speechReplies),
      ...durableConsumer(EVENTS_STREAM, EVENT_CONSUMERS.snippetCleanup),
      ...durableConsumer(EVENTS_STREAM, EVENT_CONSUMERS.conversationsUserDeletion),
    ],
    respond: true,
  }),
  jobs: rights('jobs', {
    // A snippet's owner and text; a description's requirements, for a mock interview's plan (issue 23).
    subscribe: [SUBJECTS.snippetOwner, MOCK_SUBJECTS.jobRequirements, EXPORT_SUBJECTS.jobs],
    // Its durable consumer forgets deleted accounts; it asks auth for the person's plan (interview practice, issue 36).
    publish: [...eventsOf('jobs'), SUBJECTS.userSettings, ...durableConsumer(EVENTS_STREAM, EVENT_CONSUMERS.jobsUserDeletion)],
    respond: true,
  }),
  /** The speech front and its workers: requests to the workers' queue group go out and come in under one user. */
  speech: rights('speech', {
    subscribe: [SUBJECTS.speechTranscribe, SUBJECTS.speechSynthesize, ...SPEECH_OWN_SUBJECTS, EXPORT_SUBJECTS.speech],
    publish: [
      SUBJECTS.speechTranscribe,
      SUBJECTS.speechSynthesize,
      ...SPEECH_OWN_SUBJECTS,
      SUBJECTS.chatReply,
      SUBJECTS.chatOpening,
      // A spoken answer of a mock interview, and the interviewer's words to speak (issue 23).
      MOCK_SUBJECTS.mockAnswer,
      MOCK_SUBJECTS.mockLine,
      SUBJECTS.userSettings,
      // The practised snippet's owner and text: its words are the practice's vocabulary.
      SUBJECTS.snippetOwner,
      ...JETSTREAM_INFO,
      ...objectStore(NATS_BUCKETS.speechAudio),
      ...objectStore(NATS_BUCKETS.speechReplies),
      ...kvBucket(NATS_BUCKETS.speechLimits),
      ...eventsOf('speech'),
      ...durableConsumer(EVENTS_STREAM, EVENT_CONSUMERS.speechUserDeletion),
    ],
    respond: true,
  }),
  /** Reads events (never writes them): a durable consumer with explicit acks. */
  search: rights('search', {
    // Answers the profile service's question: the stories behind a résumé's bullets.
    subscribe: [SUBJECTS.storiesMatch, EXPORT_SUBJECTS.search],
    respond: true,
    publish: [...JETSTREAM_INFO, ...streamSetup(EVENTS_STREAM), ...durableConsumer(EVENTS_STREAM, EVENT_CONSUMERS.searchIndexer)],
  }),
  /**
   * Reads events (answers to score, deletions to follow), never writes them: a durable consumer with
   * explicit acks. Tells its own instances when feedback is stored (the streams waiting for it).
   * Plans mock interviews (issue 23) from jobs' requirements, profile's résumé lines and search's
   * stories, and answers the speech service's spoken answers of them. Asks auth for the person's plan
   * (mock interviews, feedback on interview answers, PDFs: issue 36).
   */
  feedback: rights('feedback', {
    subscribe: [SUBJECTS.feedbackStored, MOCK_SUBJECTS.mockAnswer, MOCK_SUBJECTS.mockLine, EXPORT_SUBJECTS.feedback],
    respond: true,
    publish: [
      SUBJECTS.feedbackStored,
      SUBJECTS.userSettings,
      MOCK_SUBJECTS.jobRequirements,
      MOCK_SUBJECTS.resumeLines,
      SUBJECTS.storiesMatch,
      ...JETSTREAM_INFO,
      ...streamSetup(EVENTS_STREAM),
      ...durableConsumer(EVENTS_STREAM, EVENT_CONSUMERS.feedbackScorer),
    ],
  }),
  /** Asks search for the stories behind a résumé's bullets, and auth for the person's plan. */
  profile: rights('profile', {
    subscribe: [SUBJECTS.resumeContext, SUBJECTS.resumeThreadLink, MOCK_SUBJECTS.resumeLines, EXPORT_SUBJECTS.profile],
    respond: true,
    publish: [
      SUBJECTS.storiesMatch,
      SUBJECTS.userSettings,
      ...JETSTREAM_INFO,
      ...streamSetup(EVENTS_STREAM),
      // Its durable consumer forgets deleted accounts.
      ...durableConsumer(EVENTS_STREAM, EVENT_CONSUMERS.profileUserDeletion),
    ],
  }),
} as const satisfies Record<ServiceName, NatsRights>;

/** The gateway asks auth about sessions, hears revocations, and keeps budgets in its KV bucket. */
export const GATEWAY_NATS_RIGHTS: NatsRights = rights(GATEWAY_NATS_USER, {
  subscribe: [SUBJECTS.sessionRevoked],
  publish: [SUBJECTS.sessionCheck, ...JETSTREAM_INFO, ...kvBucket(NATS_BUCKETS.budgets)],
});

/** Whether a NATS subject pattern covers a subject (`*` one token, `>` one or more). */
export function subjectMatches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const have = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '>') return have.length > i;
    if (i >= have.length || (want[i] !== '*' && want[i] !== have[i])) return false;
  }
  return want.length === have.length;
}
