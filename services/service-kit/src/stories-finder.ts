import type { FastifyBaseLogger } from 'fastify';
import { STORIES_MATCH_LIMITS, SUBJECTS, storiesMatchReplySchema, type MatchedStory } from '@story/proto';
import { ask } from './nats-asker.ts';
import type { NatsLink } from './nats-link.ts';

/** The person's saved stories that best match each text, by the text's key. */
export type StoriesFinder = (userId: number, queries: StoryQuestion[]) => Promise<Map<string, MatchedStory[]>>;

/** A text to find stories for, by its key, with the threads told for it (their stories come back whatever the search finds). */
export interface StoryQuestion {
  key: string;
  text: string;
  threadIds?: readonly number[];
}

/**
 * The stories that match several texts (a résumé's bullets, an interview's questions), asked of the
 * search service (`search.stories.match`) in batches of its limit. Search not answering: no stories
 * (the caller then says what to tell instead of quoting), and a warning in the log.
 */
export function storiesOverNats(nats: NatsLink, log: FastifyBaseLogger, timeoutMs: number, perQuery = 3): StoriesFinder {
  return async (userId, queries) => {
    const found = new Map<string, MatchedStory[]>();
    for (let start = 0; start < queries.length; start += STORIES_MATCH_LIMITS.queries) {
      const batch = queries.slice(start, start + STORIES_MATCH_LIMITS.queries).map((query) => ({
        key: query.key,
        text: query.text.slice(0, STORIES_MATCH_LIMITS.text),
        ...(query.threadIds?.length ? { threadIds: query.threadIds.slice(-STORIES_MATCH_LIMITS.threadsPerQuery) } : {}),
      }));
      let raw: unknown;
      try {
        raw = await ask(nats, 'search', SUBJECTS.storiesMatch, { userId, queries: batch, perQuery }, timeoutMs);
      } catch (error) {
        log.warn({ err: error }, 'the search service did not answer: no stories');
        return found;
      }
      const reply = storiesMatchReplySchema.safeParse(raw);
      if (!reply.success || !reply.data.ok) {
        log.warn({ reply: raw }, 'the search service refused the question: no stories');
        return found;
      }
      for (const result of reply.data.results) found.set(result.key, result.stories);
    }
    return found;
  };
}
