import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { QUEUE_GROUPS, SUBJECTS, personsWordsOf, storiesMatchRequestSchema, type StoriesMatchReply } from '@story/proto';
import { describeZodError, startResponders } from '@story/service-kit';
import type { FoundStory, StorySearchService } from '../retrieval/story-search.service.ts';

/**
 * Answers "which of user U's stories match each of these texts?" (the profile service asks it for a
 * résumé's bullets): each text is searched as a query is, with the same floor, so a bullet nothing
 * was told about gets no story. A story's text is the person's words only (never the coach's): the
 * profile service quotes it back as theirs. A malformed question is answered with its problem.
 */
export async function answerStoriesMatch(search: StorySearchService, body: unknown, log?: FastifyBaseLogger): Promise<StoriesMatchReply> {
  const request = storiesMatchRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, message: describeZodError(request.error) };
  const { userId, queries, perQuery } = request.data;
  const results = [];
  for (const query of queries) {
    const found = await search.search(userId, query.text, 'fused', log);
    results.push({
      key: query.key,
      stories: found
        .slice(0, perQuery)
        .map((hit) => ({ storyId: hit.story.id, threadId: hit.story.threadId, content: personsWordsOfStory(hit), relevance: hit.relevance })),
    });
  }
  return { ok: true, results };
}

/**
 * The person's words of the whole story (every message of the conversation, the title left out): the
 * evidence reads all of it, so a number told two turns after the bullet's words counts.
 */
function personsWordsOfStory(found: FoundStory): string {
  const { conversation } = found;
  return conversation.messages.map((message) => personsWordsOf(message.story.content)).join('\n\n');
}

/** Serves `search.stories.match` in the `search` queue group; returns a function that stops listening. */
export function startStoriesMatchResponder(nc: NatsConnection, search: StorySearchService, log: FastifyBaseLogger): () => Promise<void> {
  return startResponders(nc, QUEUE_GROUPS.search, [{ subject: SUBJECTS.storiesMatch, answer: (body) => answerStoriesMatch(search, body, log) }], log);
}
