import { askStructured, OpenAiModelClient, type OpenAiModelOptions } from '@story/service-kit';
import { ASSESSMENT_DIMENSIONS, STAR_PARTS, type AnswerQuote, type AssessmentScore, type StarPartFeedback } from '@story/proto';
import type { AnswerToAssess, EngineFeedback, FeedbackEngine } from '../feedback-engine.ts';
import type { OfflineFeedbackEngine } from '../offline/offline-feedback.engine.ts';
import { locateQuote, quotesOnlyHeardWords, quotesOnlyTheAnswer, takesInUnsure } from './answer-quotes.ts';
import { FEEDBACK_SYSTEM_PROMPT, STORY_TURN_PROMPT, feedbackRequest, modelFeedbackSchema, type ModelFeedback } from './openai-feedback.prompt.ts';

export interface OpenAiFeedbackOptions extends OpenAiModelOptions {
  /** Stands in for any part the model got wrong (a quote the answer does not contain, a missing part or dimension). */
  offline: OfflineFeedbackEngine;
}

const QUOTES_PER_PART = 2;
const toScale = (score: number) => Math.max(0, Math.min(10, Math.round(score)));

/**
 * Feedback from OpenAI's chat completions with structured output (or a compatible server at
 * `baseURL`). Nothing the model says about the answer is shown unless the answer says it: quotes it
 * made up are dropped, and a part or dimension left without real words is read by the offline scorer.
 */
export class OpenAiFeedbackEngine extends OpenAiModelClient<OpenAiFeedbackOptions> implements FeedbackEngine {
  async assess(input: AnswerToAssess): Promise<EngineFeedback> {
    const parsed = await askStructured(this.client, this.options.model, {
      system: input.earlier?.length || input.kind === 'story' ? `${FEEDBACK_SYSTEM_PROMPT}\n\n${STORY_TURN_PROMPT}` : FEEDBACK_SYSTEM_PROMPT,
      user: feedbackRequest(input),
      schema: modelFeedbackSchema,
      name: 'answer_feedback',
    });
    return this.grounded(input, parsed);
  }

  /**
   * The model's feedback with every quote found in the answer; what cannot be grounded comes from the
   * offline scorer. In a story thread a part the story told in an earlier turn stays told, with the
   * words of that turn (the offline scorer finds them).
   */
  private grounded(input: AnswerToAssess, model: ModelFeedback): EngineFeedback {
    const offline = this.options.offline.assessNow(input);
    // A quote that takes in a word the recogniser was unsure of is no evidence: dropped like a made-up one.
    const unsure = input.uncertain ?? [];
    const heard = (quote: AnswerQuote | undefined): quote is AnswerQuote => quote !== undefined && !takesInUnsure(quote, unsure);
    const star = STAR_PARTS.map((part): StarPartFeedback => {
      const said = model.star.find((entry) => entry.part === part);
      const fallback = offline.star.find((entry) => entry.part === part);
      if (!said || !fallback) return fallback ?? { part, present: false, quotes: [], earlier: [], prompt: null };
      const { earlier } = fallback;
      const quotes = said.present ? said.quotes.map((quote) => locateQuote(input.answer, quote)).filter(heard) : [];
      if (quotes.length > 0) return { part, present: true, quotes: quotes.slice(0, QUOTES_PER_PART), earlier, prompt: null };
      if (said.present || earlier.length > 0) return fallback;
      return { part, present: false, quotes: [], earlier: [], prompt: said.prompt?.trim() || fallback.prompt || null };
    });
    const assessment = ASSESSMENT_DIMENSIONS.map((dimension): AssessmentScore => {
      const said = model.assessment.find((entry) => entry.dimension === dimension);
      const fallback = offline.assessment.find((entry) => entry.dimension === dimension);
      const quote = said && locateQuote(input.answer, said.quote);
      if (
        !said ||
        !heard(quote) ||
        !quotesOnlyTheAnswer(said.comment, input.answer) ||
        !quotesOnlyHeardWords(said.comment, input.answer, unsure) ||
        !said.comment.trim()
      ) {
        if (fallback) return fallback;
        return { dimension, score: 0, comment: '', quote: null, requirement: null };
      }
      return { dimension, score: toScale(said.score), comment: said.comment.trim(), quote, requirement: said.requirement?.trim() || null };
    });
    return { engine: this.name, star, assessment };
  }
}
