import { storyQueryResponseSchema, type StoryResult } from '@story/proto';
import { httpClient, type HttpClient } from '../../../api/http-client.ts';

export type FoundStory = StoryResult;

/** `POST /api/story-query` with the trimmed query: the signed-in user's stories, best first. */
export async function searchStories(query: string, client: HttpClient = httpClient): Promise<FoundStory[]> {
  const answer = await client.post('/api/story-query', { query }, { parse: storyQueryResponseSchema.parse });
  return answer.relevantStories;
}
