import type { AssessmentScore } from '@story/proto';
import type { TextEncoder } from '@story/service-kit/sentence-encoder';
import type { AnswerToAssess, EngineFeedback, FeedbackEngine } from '../feedback-engine.ts';
import { answerMeaning, type AnswerMeaning } from './answer-meaning.ts';
import { inAnswer, readAnswer, type AnswerReading } from './answer-reading.ts';
import { ownershipScore, specificityScore } from './detail-scores.ts';
import { impactScore, structureScore } from './outcome-scores.ts';
import { relevanceScore } from './relevance-score.ts';
import { starParts } from './star-parts.ts';

/** A score whose quote stands in an earlier turn of the story keeps its sentence, without offsets into this answer. */
const withQuoteInAnswer = (reading: AnswerReading, score: AssessmentScore): AssessmentScore => ({
  ...score,
  quote: score.quote ? (inAnswer(reading, score.quote) ?? null) : null,
});

/**
 * The default engine: reads the answer with the story signals the offline coach uses, and, given the
 * sentence encoder, how near in meaning the answer comes to its requirement or question (issue 38:
 * relevance is judged by meaning where no word of the requirement is said). No network; private; in a
 * story thread it reads the story told so far.
 */
export class OfflineFeedbackEngine implements FeedbackEngine {
  readonly name = 'offline' as const;

  constructor(private readonly encoder?: TextEncoder) {}

  async assess(input: AnswerToAssess): Promise<EngineFeedback> {
    const reading = readAnswer(input);
    return this.feedbackOf(reading, this.encoder ? await answerMeaning(reading, this.encoder) : undefined);
  }

  /** The same feedback by the rules alone, synchronously (the benchmark and the OpenAI engine's fallback use it). */
  assessNow(input: AnswerToAssess): EngineFeedback {
    return this.feedbackOf(readAnswer(input), undefined);
  }

  private feedbackOf(reading: AnswerReading, meaning: AnswerMeaning | undefined): EngineFeedback {
    return {
      engine: this.name,
      star: starParts(reading),
      assessment: [relevanceScore(reading, meaning), specificityScore(reading), ownershipScore(reading), impactScore(reading), structureScore(reading)].map(
        (score) => withQuoteInAnswer(reading, score),
      ),
    };
  }
}
