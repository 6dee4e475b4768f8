import { BULLET_WEAKNESSES, bareWords, type BulletWeakness, type ResumeSuggestion } from '@story/proto/api/resumes';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { locateQuote } from '@story/language';
import { askStructured, OpenAiModelClient, withinTime } from '@story/service-kit';
import { inventedNumbers } from './bullet-rewrite.ts';
import { SUGGESTIONS_SYSTEM_PROMPT, modelSuggestionsSchema, storiesForModel, suggestionsRequest, type ModelSuggestions } from './openai-suggestions.prompt.ts';
import { evidenceFor, findCandidates, offlineSuggestion, weakBullets, type SuggestInput, type WeakBullet } from './resume-suggestions.ts';
import type { SuggestionEngine } from './suggestion-engine.ts';

type ModelSuggestion = ModelSuggestions['suggestions'][number];

const isWeakness = (kind: string): kind is BulletWeakness => (BULLET_WEAKNESSES as readonly string[]).includes(kind);
const REWRITE_LIMIT = 400;

/**
 * Suggestions from OpenAI's chat completions with structured output (or a compatible server at
 * `baseURL`). Nothing the model says is shown unless it checks out: weaknesses only of the known
 * kinds, a quote only where the story says those words, a rewrite only when its every number is in
 * the bullet or the quote; anything else is the offline engine's. When the model fails or is slow,
 * the offline engine answers for every bullet.
 */
export class OpenAiSuggestionEngine extends OpenAiModelClient implements SuggestionEngine {
  async suggest(input: SuggestInput): Promise<ResumeSuggestion[]> {
    const weak = weakBullets(input.content, input.dismissed);
    if (weak.length === 0) return [];
    const candidates = await findCandidates(weak, input.findStories, input.bulletThreads);
    const evidence = await evidenceFor(weak, candidates, input);
    const offline = (entry: WeakBullet) => offlineSuggestion(entry, evidence.get(entry.key)) ?? [];
    let answer: ModelSuggestions;
    try {
      answer = await withinTime(this.ask(weak, candidates), this.options.timeoutMs, 'the model did not answer');
    } catch {
      return weak.flatMap(offline);
    }
    return weak.flatMap((entry) => {
      const said = answer.suggestions.find((suggestion) => suggestion.key === entry.key);
      return (said && grounded(entry, said, candidates.get(entry.key) ?? [])) ?? offline(entry);
    });
  }

  private async ask(weak: readonly WeakBullet[], candidates: ReadonlyMap<string, readonly MatchedStory[]>): Promise<ModelSuggestions> {
    return askStructured(this.client, this.options.model, {
      system: SUGGESTIONS_SYSTEM_PROMPT,
      user: suggestionsRequest(weak, candidates),
      schema: modelSuggestionsSchema,
      name: 'resume_suggestions',
    });
  }
}

/**
 * The model's suggestion for a bullet once checked, or undefined when its rewrite cannot stand (empty,
 * or a number neither the bullet nor a located quote holds): the offline suggestion takes its place.
 */
export function grounded(entry: WeakBullet, said: ModelSuggestion, stories: readonly MatchedStory[]): ResumeSuggestion | undefined {
  const weaknesses = said.weaknesses.flatMap(({ kind, message }) => (isWeakness(kind) && message.trim() ? [{ kind, message: message.trim() }] : []));
  const story = storiesForModel(stories).find((candidate) => candidate.storyId === said.storyId);
  const quote = story && said.quote ? locateQuote(story.content, said.quote) : undefined;
  const evidence = story && story.threadId !== null && quote ? { threadId: story.threadId, storyId: story.storyId, quote: quote.text } : null;
  const rewrite = said.rewrite.trim();
  // A rewrite that is the bullet less its punctuation is not worth a card.
  if (!rewrite || rewrite.length > REWRITE_LIMIT || bareWords(rewrite) === bareWords(entry.bullet.text)) return undefined;
  if (inventedNumbers(rewrite, [entry.bullet.text, evidence?.quote ?? '']).length > 0) return undefined;
  return {
    id: entry.id,
    roleId: entry.role.id,
    bulletId: entry.bullet.id,
    original: entry.bullet.text,
    weaknesses: weaknesses.length > 0 ? weaknesses : entry.findings.map(({ kind, message }) => ({ kind, message })),
    rewrite,
    evidence,
    // What to add is said once per résumé (`resumeAdvice`), not on every card.
    toAdd: null,
  };
}
