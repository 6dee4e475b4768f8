/** The conversation screen, as other features link to it and read what it saved. */
export { fetchSnippetConversations, type SnippetConversation } from './api/snippet-conversations.api.ts';
export { parseRecordingParams } from './lib/recording-params.ts';
export { bulletStoryLink, bulletStoryPath } from './lib/resume-bullet.ts';
export { requirementStoryLink, requirementStoryPath } from './lib/story-requirement.ts';
export type { TurnContext } from './lib/turn-context.ts';
