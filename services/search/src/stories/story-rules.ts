import { personsWordsOf, storyOrigin } from '@story/proto';
import type { ConversationRef, RemovedOwner, SavedStory, StoryRecord } from './story.repository.ts';

/** The kinds of owner whose removal takes their stories along (the thread's states are kept apart). */
export type OwnerKind = 'snippet' | 'job-description' | 'user';

/** The owners whose removal would drop this story: its user, snippet and job description. */
export function tombstoneOf(story: Pick<SavedStory, 'snippetId' | 'jobDescriptionId'>): { kind: OwnerKind; id: number }[] {
  const owners: { kind: OwnerKind; id: number }[] = [{ kind: 'user', id: 0 }];
  if (story.snippetId !== null) owners.push({ kind: 'snippet', id: story.snippetId });
  if (story.jobDescriptionId !== null) owners.push({ kind: 'job-description', id: story.jobDescriptionId });
  return owners;
}

/** Where an owner's tombstone is kept and which story column points at it (none: the whole user). */
export function ownerFilterOf(owner: RemovedOwner): { kind: OwnerKind; id: number; column?: 'snippet_id' | 'job_description_id' } {
  switch (owner.kind) {
    case 'snippet':
      return { kind: 'snippet', id: owner.id, column: 'snippet_id' };
    case 'job-description':
      return { kind: 'job-description', id: owner.id, column: 'job_description_id' };
    case 'user':
      return { kind: 'user', id: 0 };
  }
}

/** The story's `metadata` (spec: a JSON field): where it came from. */
export function storyMetadata(story: SavedStory): Record<string, unknown> {
  return {
    storyKey: story.storyKey,
    ...(story.threadId !== null ? { threadId: story.threadId } : {}),
    ...(story.snippetId !== null ? { snippetId: story.snippetId } : {}),
    ...(story.jobDescriptionId !== null ? { jobDescriptionId: story.jobDescriptionId } : {}),
    ...(story.title ? { title: story.title } : {}),
  };
}

/** The title a saved message was told under (`metadata.title`), if any. */
export function titleOf(story: Pick<StoryRecord, 'metadata'>): string | undefined {
  const title = story.metadata['title'];
  return typeof title === 'string' && title.trim() !== '' ? title : undefined;
}

/** The conversation a story was told in (see ConversationRef): its thread, its practice conversation, or itself. */
export function conversationOf(story: Pick<StoryRecord, 'storyKey' | 'threadId'>): ConversationRef {
  if (story.threadId !== null) return { kind: 'thread', threadId: story.threadId };
  const origin = storyOrigin(story.storyKey);
  if (origin?.kind === 'exchange') return { kind: 'practice', conversationId: origin.conversationId };
  return { kind: 'story', storyKey: story.storyKey };
}

/** One string per conversation, to group stories by. */
export function conversationKey(conversation: ConversationRef): string {
  switch (conversation.kind) {
    case 'thread':
      return `thread:${conversation.threadId}`;
    case 'practice':
      return `practice:${conversation.conversationId}`;
    case 'story':
      return `story:${conversation.storyKey}`;
  }
}

/** The story keys of a practice conversation's exchanges all start with this. */
export const practiceKeyPrefix = (conversationId: number): string => `snippet-conversation:${conversationId}:`;

/**
 * What of a saved message is embedded: the person's own words (the coach's questions are much alike
 * from story to story, and would pull every story towards them); the whole text when it has no person's words.
 */
export function embeddedTextOf(content: string): string {
  return personsWordsOf(content) || content;
}
