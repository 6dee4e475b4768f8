import { storyQueryRequestSchema, storyQueryResponseSchema } from '@story/proto';
import { requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import { presentFoundStory } from './story.presenter.ts';
import type { StorySearchService } from './story-search.service.ts';

/** `POST /api/story-query` `{ query }` → `{ relevantStories }`: the caller's stories, best first. */
export function registerStoryQueryRoutes(app: ServiceApp, search: StorySearchService): void {
  app.post('/api/story-query', { ...signedInOnly, schema: { body: storyQueryRequestSchema, response: { 200: storyQueryResponseSchema } } }, async (request) => {
    const { userId } = requireUser(request);
    const found = await search.search(userId, request.body.query, 'fused', request.log);
    return { relevantStories: found.map(presentFoundStory) };
  });
}
