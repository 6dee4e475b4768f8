import type { RemovedOwner, SavedStory } from './story.repository.ts';

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
  };
}
