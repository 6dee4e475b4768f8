/** Conversation threads, as other features list, read and save them. */
export { useCreateThread, useLoadThreadItems, useRefreshThreadLists, useSaveThreadItem, useThreads } from './api/threads.api.ts';
export type { ThreadItemRow } from './api/threads.graphql.ts';
export { ThreadList } from './components/thread-list.tsx';
