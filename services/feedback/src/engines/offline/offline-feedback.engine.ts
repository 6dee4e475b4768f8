import type { AssessmentScore } from '@story/proto';
import type { AnswerToAssess, EngineFeedback, FeedbackEngine } from '../feedback-engine.ts';
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
 * The default engine: reads the answer with the story signals the offline coach uses (no model, no
 * network), so it is deterministic, fast (well under a millisecond per answer) and private. In a
 * story thread it reads the story told so far.
 */
export class OfflineFeedbackEngine implements FeedbackEngine {
  readonly name = 'offline' as const;

  async assess(input: AnswerToAssess): Promise<EngineFeedback> {
    return this.assessNow(input);
  }

  /** The same feedback, synchronously (the benchmark and the OpenAI engine's fallback use it). */
  assessNow(input: AnswerToAssess): EngineFeedback {
    const reading = readAnswer(input);
    return {
      engine: this.name,
      star: starParts(reading),
      assessment: [relevanceScore(reading), specificityScore(reading), ownershipScore(reading), impactScore(reading), structureScore(reading)].map((score) =>
        withQuoteInAnswer(reading, score),
      ),
    };
  }
}
