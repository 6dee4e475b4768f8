/** The conversation screen, as other features read what it saved and where its links lead. The voice kit it shares with mock interviews is web/src/voice/. */
export { fetchSnippetConversations, type SnippetConversation } from './api/snippet-conversations.api.ts';
export { parseRecordingParams } from './lib/recording-params.ts';
export { bulletStoryPath } from './lib/resume-bullet.ts';
export { requirementStoryPath } from './lib/story-requirement.ts';
