/**
 * `make reembed`: after SEARCH_EMBEDDER (or the offline embedder's vocabulary) changed, makes every
 * story's vector again with the configured embedder, in the configured stores (SQLite under DATA_DIR
 * or MONGODB_URL; the embedded vector store or QDRANT_URL). Until then, stories whose vector another
 * embedder made are found by their words only.
 */
import { loadConfig } from '@story/service-kit';
import { reembedEnvSchema } from '../config.ts';
import { createEmbedder } from '../embedding/embedder.factory.ts';
import { WordVectors } from '@story/language/word-vectors';
import { reembedStories } from '../indexing/reembed.ts';
import { openSearchStorage } from '../storage/search-storage.ts';
import { createVectorStore } from '../vectors/vector-store.factory.ts';

const config = loadConfig('reembed', reembedEnvSchema);
const embedder = createEmbedder(config, WordVectors.load());
const storage = await openSearchStorage(config, 'search');
const vectors = createVectorStore(config, 'search');
try {
  await vectors.init();
  process.stdout.write(`Re-embedding stories with ${embedder.id} (${storage.kind}, ${vectors.kind} vectors)...\n`);
  const done = await reembedStories({ stories: storage.stories, vectors, embedder }, (count) => process.stdout.write(`  ${count} stories\n`));
  process.stdout.write(done === 0 ? 'Every story already has a vector of this embedder; nothing to do.\n' : `Done: ${done} stories re-embedded.\n`);
} finally {
  await vectors.close();
  await storage.close();
}
