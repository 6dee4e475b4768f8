import type { SearchConfig } from '../config.ts';
import type { Embedder } from './embedder.ts';
import { OfflineEmbedder } from './offline.embedder.ts';
import { OpenAiEmbedder } from './openai.embedder.ts';
import { SentenceEmbedder } from './sentence.embedder.ts';
import type { WordVectors } from '@story/language/word-vectors';

/** The embedder the configuration picks (SEARCH_EMBEDDER): the sentence encoder unless told otherwise. */
export function createEmbedder(
  config: Pick<SearchConfig, 'SEARCH_EMBEDDER' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_EMBEDDING_MODEL' | 'EMBEDDING_TIMEOUT_MS'>,
  wordVectors: WordVectors,
): Embedder {
  if (config.SEARCH_EMBEDDER === 'openai' && config.OPENAI_API_KEY) {
    return new OpenAiEmbedder({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      model: config.OPENAI_EMBEDDING_MODEL,
      timeoutMs: config.EMBEDDING_TIMEOUT_MS,
    });
  }
  if (config.SEARCH_EMBEDDER === 'glove') return new OfflineEmbedder(wordVectors);
  return new SentenceEmbedder();
}
