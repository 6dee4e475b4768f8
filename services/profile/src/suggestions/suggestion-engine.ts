import type { ResumeSuggestion } from '@story/proto/api/resumes';
import { suggestForResume, type SuggestInput } from './resume-suggestions.ts';

/** Makes the suggestions for a résumé: offline, or with a model whose every claim is checked. */
export interface SuggestionEngine {
  readonly name: 'offline' | 'openai';
  suggest(input: SuggestInput): Promise<ResumeSuggestion[]>;
}

/** The offline engine: phrase rules, the person's stories and GloVe, no model. */
export const offlineSuggestionEngine: SuggestionEngine = { name: 'offline', suggest: suggestForResume };
