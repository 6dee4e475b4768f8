/**
 * NATS subjects and the messages that travel on them. Request/reply subjects are answered by the
 * owning service in a queue group; events go to the JetStream stream EVENTS.
 */
import { z } from 'zod';
import { ANSWER_KINDS, ANSWER_SOURCES, STORY_TURNS_LIMIT, answerDeliveryInputSchema, storyTurnSchema } from './api/feedback.ts';
import { answerIdSchema } from './ids.ts';
import { userTypeSchema } from './api/accounts.ts';
import { planFeaturesSchema, responseTypeSchema } from './api/plans.ts';
import { transcriptWordSchema, wordTimingSchema } from './api/speech.ts';
import { resumeBulletRefSchema } from './api/resumes.ts';
import { chatHistorySchema } from './api/threads.ts';

export const SUBJECTS = {
  /** auth: is this session still valid? */
  sessionCheck: 'auth.session.check',
  /** auth → everyone: a session was revoked (core NATS, best effort on top of sessionCheck's short cache). */
  sessionRevoked: 'auth.session.revoked',
  /** auth: a user's recording time limit and response type. */
  userSettings: 'auth.user.settings',
  /** jobs: does a snippet belong to a user, and what does it say? */
  snippetOwner: 'jobs.snippet.owner',
  /** speech workers (queue group `speech`). */
  speechTranscribe: 'speech.transcribe',
  speechSynthesize: 'speech.synthesize',
  /** conversations: the coach's reply to a spoken turn (asked by the speech service). */
  chatReply: 'conversations.chat.reply',
  /** conversations: the coach's first words before anyone speaks, to be spoken (asked by the speech service). */
  chatOpening: 'conversations.chat.opening',
  /** speech workers (queue group `speech`): open a live recording session; its own subjects follow (`speechSessionSubject`). */
  speechStreamOpen: 'speech.stream.open',
  /** feedback → its own instances: an answer's feedback was stored (core NATS: each instance tells the people waiting on it). */
  feedbackStored: 'feedback.stored',
  /** search: the person's stories that best match each of several texts (the résumé's bullets), with their words (asked by profile). */
  storiesMatch: 'search.stories.match',
  /** profile: the person's résumé as the coach may know it (roles and dates, never contact details), and a bullet a story is about (asked by conversations). */
  resumeContext: 'profile.resume.context',
  /** profile: a thread was started about a bullet ("Tell the story behind this line"): link it (asked by conversations). */
  resumeThreadLink: 'profile.resume.thread-link',
} as const;

export const QUEUE_GROUPS = {
  auth: 'auth',
  conversations: 'conversations',
  jobs: 'jobs',
  speech: 'speech',
  search: 'search',
  profile: 'profile',
  feedback: 'feedback',
} as const;

export const sessionCheckRequestSchema = z.object({ sessionId: z.string() });
/**
 * A valid session comes with the user's current admin flag, so a promotion or demotion applies within
 * the gateway's few-second cache instead of at the next sign-in.
 */
export const sessionCheckReplySchema = z.object({ valid: z.boolean(), userId: z.number().optional(), isAdmin: z.boolean().optional() });
export const sessionRevokedMessageSchema = z.object({ sessionId: z.string() });
/** `feedback.stored`: whose answer now has its feedback (the waiting stream of its owner reads it). */
export const feedbackStoredMessageSchema = z.object({ answerId: answerIdSchema, userId: z.number().int().positive() });

export const userSettingsRequestSchema = z.object({ userId: z.number() });
export const userSettingsReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    userType: userTypeSchema,
    timeLimit: z.number(),
    responseType: responseTypeSchema,
    /** The plan's monthly minutes and features (issue 21). */
    monthlyMinutes: z.number(),
    features: planFeaturesSchema,
    /** Every plan's features, cheapest first, so a refusal can name the plan that has a feature (absent: the defaults). */
    plans: z.array(z.object({ userType: userTypeSchema, features: planFeaturesSchema })).optional(),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

export const snippetOwnerRequestSchema = z.object({ snippetId: z.number(), userId: z.number() });
export const snippetOwnerReplySchema = z.union([
  z.object({ ok: z.literal(true), snippetText: z.string(), jobDescriptionId: z.number() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

// ---- domain events on JetStream ---------------------------------------------------------------------

export const EVENTS_STREAM = 'EVENTS';
/** Durable consumers of EVENTS (their NATS users may create, read and ack only these). */
export const EVENT_CONSUMERS = {
  searchIndexer: 'search-indexer',
  /** conversations: deletes the practice conversations of a deleted snippet. */
  snippetCleanup: 'conversations-snippet-cleanup',
  /** feedback: scores each answer (and forgets the answers of what was deleted). */
  feedbackScorer: 'feedback-scorer',
  /** Each forgets a deleted account (`events.user.deleted`) in its own service's store. */
  conversationsUserDeletion: 'conversations-user-deletion',
  jobsUserDeletion: 'jobs-user-deletion',
  speechUserDeletion: 'speech-user-deletion',
  profileUserDeletion: 'profile-user-deletion',
} as const;

/** JetStream KV buckets (`openSharedBucket`) and object stores, by what they hold. */
export const NATS_BUCKETS = {
  /** gateway: per-user budgets of AI calls and writes, shared by every gateway instance. */
  budgets: 'budgets',
  /** auth: sign-in throttles per address and per account. */
  authThrottles: 'auth_throttles',
  /** speech: audio larger than one message (object store). */
  speechAudio: 'speech_audio',
  /** speech: spoken replies kept for a save to name (`audioId`, issue 20 point 5), until their age limit. */
  speechReplies: 'speech_replies',
  /** speech: each person's turns in flight and audio seconds spent, shared by every speech front. */
  speechLimits: 'speech_limits',
} as const;

export const EVENT_SUBJECTS = {
  storySaved: 'events.story.saved',
  threadDeleted: 'events.thread.deleted',
  threadRecovered: 'events.thread.recovered',
  threadPurged: 'events.thread.purged',
  userDeleted: 'events.user.deleted',
  jobDescriptionDeleted: 'events.job-description.deleted',
  snippetDeleted: 'events.snippet.deleted',
  answerGiven: 'events.answer.given',
  /** speech: a recording's seconds were counted in its owner's month (issue 21). */
  usageRecorded: 'events.usage.recorded',
} as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[keyof typeof EVENT_SUBJECTS];

/** A message pair was saved: the search service makes a story of it. `storyKey` makes indexing idempotent. */
export const storySavedEventSchema = z.object({
  storyKey: z.string(),
  userId: z.number(),
  threadId: z.number().optional(),
  snippetId: z.number().optional(),
  /** The job description of the snippet (interview practice), so deleting the description removes its stories. */
  jobDescriptionId: z.number().optional(),
  sourceType: z.string(),
  content: z.string(),
  /** The title of the conversation the message belongs to, when it has one (the thread's, as it was when saved). */
  title: z.string().max(200).optional(),
  createdAt: z.string(),
});
export const threadEventSchema = z.object({ userId: z.number(), threadId: z.number(), at: z.string() });
export const userDeletedEventSchema = z.object({ userId: z.number(), at: z.string() });
export const jobDescriptionDeletedEventSchema = z.object({ userId: z.number(), jobDescriptionId: z.number(), at: z.string() });
export const snippetDeletedEventSchema = z.object({ userId: z.number(), snippetId: z.number(), at: z.string() });

/** `events.usage.recorded`: a recording's seconds counted once in its owner's UTC month (`period`, e.g. "2026-11"), by ledger key (`<id>` or `<id>#<n>`). */
export const usageRecordedEventSchema = z.object({
  userId: z.number().int().positive(),
  recordingId: z.string(),
  seconds: z.number().min(0),
  period: z.string(),
  at: z.string(),
});

/**
 * `events.answer.given`: a person answered the coach's question. Published by conversations with
 * each reply (through its outbox: the reply never waits for feedback); the feedback service
 * consumes it and stores feedback under `answerId`.
 */
export const answerGivenEventSchema = z.object({
  answerId: answerIdSchema,
  userId: z.number().int().positive(),
  threadId: z.number().int().positive().optional(),
  snippetId: z.number().int().positive().optional(),
  /** The coach's previous reply: the question answered ('' when the answer opened the conversation). */
  question: z.string(),
  answer: z.string().min(1),
  /** The snippet's text (the selected job requirements) when practising for an interview. */
  requirements: z.string().optional(),
  /** An interview practice answer or a turn of a story thread (absent in events from before kinds: practice). */
  kind: z.enum(ANSWER_KINDS).optional(),
  /**
   * The person's earlier turns that this one goes on with, oldest first, so feedback covers them all:
   * in a story thread, the story being told; in practice, for a turn that answers the interviewer's
   * follow-up, the answer to the question it follows up (and the follow-ups since). Absent for a
   * whole answer.
   */
  earlierTurns: z.array(storyTurnSchema).max(STORY_TURNS_LIMIT.turns).optional(),
  source: z.enum(ANSWER_SOURCES),
  delivery: answerDeliveryInputSchema.optional(),
  answeredAt: z.string(),
});
export type AnswerGivenEvent = z.infer<typeof answerGivenEventSchema>;
// ---- voice: the speech front, its workers, and the reply it asks conversations for ----------------

/** A spoken turn's reply, made by the same code as `/api/process-text` (the speech service asks; conversations answers). */
export const chatReplyRequestSchema = z.object({
  userId: z.number(),
  text: z.string(),
  conversationHistory: chatHistorySchema,
  context: z.string().optional(),
  /** The thread or practised snippet the turn belongs to, when known (feedback files the answer under it). */
  threadId: z.number().int().positive().optional(),
  snippetId: z.number().int().positive().optional(),
  /** The résumé bullet the story is about ("Tell the story behind this line"), when it is one. */
  resumeBullet: resumeBulletRefSchema.optional(),
  /** When each word was said, for the answer's delivery feedback (the transcription's word times). */
  delivery: answerDeliveryInputSchema.optional(),
});
export type ChatReplyRequest = z.infer<typeof chatReplyRequestSchema>;
/** A refusal over NATS: the HTTP status and message the asking service passes on. */
export const natsRefusalSchema = z.object({ ok: z.literal(false), status: z.number().int(), message: z.string() });
export type NatsRefusal = z.infer<typeof natsRefusalSchema>;
export const chatReplyReplySchema = z.union([
  z.object({ ok: z.literal(true), aiResponse: z.string(), answerId: answerIdSchema.optional() }),
  natsRefusalSchema,
]);

/** The coach's first words for a voice practice, made by the same code as `/api/process-text/opening` (the speech service asks, then speaks them). */
export const chatOpeningRequestSchema = z.object({
  userId: z.number(),
  context: z.string().optional(),
  snippetId: z.number().int().positive().optional(),
  resumeBullet: resumeBulletRefSchema.optional(),
  /** A requirement with no story yet (issue 23): the story coach asks for one that shows it, spoken as typed. */
  storyRequirement: z.string().optional(),
});
export type ChatOpeningRequest = z.infer<typeof chatOpeningRequestSchema>;
export const chatOpeningReplySchema = z.union([z.object({ ok: z.literal(true), aiResponse: z.string() }), natsRefusalSchema]);

/** The live session `sessionId`'s own subjects, served by the one worker that holds it (no queue group). */
export const speechSessionSubject = (sessionId: string, verb: 'chunk' | 'finish' | 'cancel') => `speech.session.${sessionId}.${verb}`;
/** Where a worker reports on a job it accepted: "still working" every second, then the result. */
export const speechJobSubject = (jobId: string) => `speech.job.${jobId}`;
/** Where the front says that nobody waits for a job any more (its request ended): the worker drops or stops it. */
export const speechJobCancelSubject = (jobId: string) => `speech.job.${jobId}.cancel`;
/** Headers of a chunk message (its body is the chunk's bytes). */
export const SPEECH_CHUNK_HEADERS = { userId: 'Story-User', seq: 'Story-Seq' } as const;

/** Audio in a speech message: inline base64 when it is small, else an object of NATS_BUCKETS.speechAudio. */
export const audioRefSchema = z.union([z.object({ inline: z.string() }), z.object({ object: z.string(), bytes: z.number().int() })]);
export type AudioRef = z.infer<typeof audioRefSchema>;

/** The audio kinds the speech service decodes, by their magic bytes (M4A is `mp4`). */
export const AUDIO_KINDS = ['mp3', 'wav', 'mp4', 'aac', 'webm', 'ogg'] as const;
export type AudioKind = (typeof AUDIO_KINDS)[number];

/**
 * What every speech job carries: whose it is (workers serve people in turn, not in arrival order)
 * and how long it may wait for its turn before it is dropped as too late (`startWithinMs`).
 */
const speechJobBase = { jobId: z.string(), userId: z.number().int(), startWithinMs: z.number().int().positive() };
/** Bounds of a practice's vocabulary: how many terms, and how long one may be. */
export const SPEECH_VOCABULARY_LIMITS = { terms: 50, termLength: 40 } as const;
/**
 * The person's own words for a practice (the distinctive terms of the practised snippet), which the
 * recogniser is told to expect. Optional in every message that carries it: a worker from before it
 * ignores it, and a front from before it sends none.
 */
export const speechVocabularySchema = z.array(z.string().trim().min(1).max(SPEECH_VOCABULARY_LIMITS.termLength)).max(SPEECH_VOCABULARY_LIMITS.terms);
/**
 * Transcribe a whole file (an upload, or a recording sent as a whole). `extension`: what its bytes are
 * (by their magic bytes), e.g. `webm`; `vocabulary`: the practice's terms, when it has some.
 */
export const speechTranscribeJobSchema = z.object({
  ...speechJobBase,
  audio: audioRefSchema,
  extension: z.enum(AUDIO_KINDS),
  maxSeconds: z.number(),
  vocabulary: speechVocabularySchema.optional(),
});
export type SpeechTranscribeJob = z.infer<typeof speechTranscribeJobSchema>;
/** Speak a reply: MP3 and when each word is said. */
export const speechSynthesizeJobSchema = z.object({ ...speechJobBase, text: z.string() });
export type SpeechSynthesizeJob = z.infer<typeof speechSynthesizeJobSchema>;
/** End a live session: every chunk up to `chunkCount` has been sent; the transcript (expecting `vocabulary`, when given) comes as a job's result. */
export const speechSessionFinishSchema = z.object({
  jobId: z.string(),
  userId: z.number(),
  chunkCount: z.number().int(),
  vocabulary: speechVocabularySchema.optional(),
});
export const speechSessionCancelSchema = z.object({ userId: z.number() });

/** A transcribed word as a worker reports it: its times, and its confidence when the worker tells it (workers from before issue 19 do not). */
export const heardWordSchema = wordTimingSchema.extend({ confidence: transcriptWordSchema.shape.confidence.optional(), uncertain: z.boolean().optional() });
export type HeardWord = z.infer<typeof heardWordSchema>;

/** A live session's finish tells its recording (issue 36): the id it was opened under, the sha-256 of its chunks' bytes in order. */
const liveRecordingShape = { recordingId: z.string().optional(), audioSha256: z.string().optional() };
/** `wordTimings`: when each word of the transcript was said, in seconds from the recording's start (for delivery feedback). */
const transcribedShape = { transcript: z.string(), durationSeconds: z.number(), wordTimings: z.array(heardWordSchema).optional(), ...liveRecordingShape };
/** A worker's answer to a job: accepted (reports follow on `speechJobSubject`), or refused. */
export const speechJobAcceptedSchema = z.union([z.object({ ok: z.literal(true), worker: z.string() }), natsRefusalSchema]);
export const speechJobEventSchema = z.discriminatedUnion('type', [
  /** Still at it; `worker` names the process (its host and pid). */
  z.object({ type: z.literal('working'), worker: z.string() }),
  /** A transcript (see `transcribedShape`). */
  z.object({ type: z.literal('transcribed'), ...transcribedShape }),
  z.object({ type: z.literal('synthesized'), audio: audioRefSchema, wordTimings: z.array(wordTimingSchema), durationSeconds: z.number() }),
  z.object({ type: z.literal('failed'), status: z.number().int(), message: z.string() }),
]);
export type SpeechJobEvent = z.infer<typeof speechJobEventSchema>;
/** Open a live session; `recordingId`: the recording it is (issue 36), which its finish reports back whatever the finish names. */
export const speechStreamOpenRequestSchema = z.object({ userId: z.number(), mimeType: z.string(), maxSeconds: z.number(), recordingId: z.string().optional() });
export const speechStreamOpenReplySchema = z.union([z.object({ ok: z.literal(true), sessionId: z.string() }), natsRefusalSchema]);
export const speechChunkReplySchema = z.union([z.object({ ok: z.literal(true), received: z.number().int(), heardSeconds: z.number() }), natsRefusalSchema]);
export const speechCancelReplySchema = z.union([z.object({ ok: z.literal(true) }), natsRefusalSchema]);
