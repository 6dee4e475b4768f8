/** Conversation threads: the service's answers and the thread list's toasts (spec section 8, "Threads"). */
export const THREAD_MESSAGES = {
  defaultTitle: 'New Conversation',
  notFound: 'Conversation thread not found',
  audioNotFound: 'This message has no saved spoken reply',
  replyAudioGone: 'This spoken reply is no longer kept for saving (it expired, or it is not yours). Save the exchange with its audio, or without it.',
  replyAudioTwice: 'Send either audioResponse or audioId, not both',
  replyAudioUnavailable: 'Spoken replies cannot be saved by reference right now. Please try again in a moment.',
  deleted: 'Conversation thread is deleted',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
  onlyOwnThreads: 'You can only read your own threads',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  movedToDeleted: 'Conversation moved to deleted items',
  recovered: 'Conversation recovered successfully',
  titleUpdated: 'Conversation title updated',
  // ---- web ----
  loadFailed: 'Failed to load conversation threads',
  loadDeletedFailed: 'Failed to load deleted conversation threads',
  welcomeLoadFailed: 'Failed to load conversations',
  titleUpdateFailed: 'Failed to update conversation title',
  deleteFailed: 'Failed to delete conversation',
  recoverFailed: 'Failed to recover conversation',
  pdfFailed: 'Failed to make the conversation’s PDF. Please try again.',
} as const;

// ---- per-user quotas (DESIGN.md, "Identity and security"): what was refused and what to do ----

const conversationLimit = (limit: number) => `You have reached the limit of ${limit} conversations.`;

/** A new thread past the configured number of conversations. */
export const threadLimitReached = (limit: number) => `${conversationLimit(limit)} Delete old ones to start new ones.`;

/** Recovering a deleted thread would go past the configured number of conversations. */
export const recoverLimitReached = (limit: number) => `${conversationLimit(limit)} Delete one to recover this one.`;

/** A save to a thread that holds the configured number of messages. */
export const threadMessageLimitReached = (limit: number) => `This conversation has reached the limit of ${limit} messages. Start a new conversation to go on.`;

/** A save whose spoken reply would take the user past the configured audio storage. */
export const savedAudioLimitReached = (megabytes: number, retentionDays: number) =>
  `Your saved spoken replies have reached the limit of ${megabytes} MB, so this message was not saved. Delete old conversations to make room: their replies stop counting when they are removed for good, ${retentionDays} days after deletion.`;
