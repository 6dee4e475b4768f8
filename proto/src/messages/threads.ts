/** Conversation threads: the service's answers and the thread list's toasts (spec section 8, "Threads"). */
export const THREAD_MESSAGES = {
  defaultTitle: 'New Conversation',
  notFound: 'Conversation thread not found',
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
} as const;
