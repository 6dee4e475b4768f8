import type { Embedder } from '../embedding/embedder.ts';
import type { StoryRepository } from '../stories/story.repository.ts';
import type { VectorStore } from '../vectors/vector-store.ts';

const BATCH = 64;

/**
 * Gives every story a vector of `embedder`: those with none yet and those made by another embedder
 * (after SEARCH_EMBEDDER changed). Each new vector replaces the story's old one. Safe to run while
 * the service runs, and again after an interruption: it continues with what is still missing.
 */
export async function reembedStories(
  deps: { stories: StoryRepository; vectors: VectorStore; embedder: Embedder },
  onBatch: (done: number) => void = () => undefined,
): Promise<number> {
  const { stories, vectors, embedder } = deps;
  let done = 0;
  let afterId = 0;
  for (;;) {
    const batch = await stories.needingVectors(embedder.id, afterId, BATCH);
    if (batch.length === 0) return done;
    const made = await embedder.embed(batch.map((story) => story.content));
    await vectors.upsert(
      batch.flatMap((story, i) => {
        const vector = made[i];
        return vector ? [{ storyId: story.id, userId: story.userId, embedder: embedder.id, hidden: story.hidden, vector }] : [];
      }),
    );
    for (const story of batch) await stories.markEmbedded(story.id, embedder.id, story.version);
    done += batch.length;
    afterId = batch.at(-1)?.id ?? afterId;
    onBatch(done);
  }
}
