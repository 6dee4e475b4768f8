import type { Embedder } from '../embedding/embedder.ts';
import type { StoryRepository } from '../stories/story.repository.ts';
import type { VectorStore } from '../vectors/vector-store.ts';
import { StoryEmbeddingWorker } from './story-embedding.worker.ts';

/**
 * Gives every story a vector of `embedder` now: those with none yet and those made by another
 * embedder (after SEARCH_EMBEDDER changed). Each new vector replaces the story's old one. Safe to run
 * while the service runs (whose own worker does the same, in the background), and again after an
 * interruption: it continues with what is still missing. Answers how many stories it embedded.
 */
export async function reembedStories(
  deps: { stories: StoryRepository; vectors: VectorStore; embedder: Embedder },
  onBatch: (done: number) => void = () => undefined,
): Promise<number> {
  const worker = new StoryEmbeddingWorker({ ...deps, onBatch, retry: false });
  await worker.drain();
  return worker.embedded;
}
