/**
 * Résumé suggestions (issue 22, 5): what is weak in a bullet, a rewrite grounded in the person's own
 * stories, and applying it. The service asks `createSuggestionEngine(config).suggest(...)`.
 */
export { analyzeBullet, type BulletFinding } from './bullet-weaknesses.ts';
export { suggestForResume, suggestionId, type FindStories, type StoryQuery, type SuggestInput } from './resume-suggestions.ts';
export { applySuggestion, StaleSuggestionError } from './apply-suggestion.ts';
export { offlineSuggestionEngine, type SuggestionEngine } from './suggestion-engine.ts';
export { createSuggestionEngine, type SuggestionEngineConfig } from './suggestion-engine.factory.ts';
export { OpenAiSuggestionEngine } from './openai-suggestions.engine.ts';
