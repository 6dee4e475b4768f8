import type { AnswerKind, AnswerQuote, AssessmentDimension, AssessmentScore, FeedbackEngineName, StarPartFeedback, StoryTurn } from '@story/proto';

/**
 * What an engine reads: the question answered, the answer, and the selected requirements when
 * practising; in a story thread, the story's earlier turns, so the story told so far is judged.
 */
export interface AnswerToAssess {
  question: string;
  answer: string;
  requirements?: string | undefined;
  /** 'practice' (the default): an interview answer. 'story': a turn of a story thread. */
  kind?: AnswerKind | undefined;
  /** The earlier turns this one goes on with (a story's, or the answer a follow-up follows up), oldest first: judged together, with no length target. */
  earlier?: readonly StoryTurn[] | undefined;
  /** Words of the answer the recogniser was unsure of (offsets into `answer`): never quoted as evidence. */
  uncertain?: readonly Pick<AnswerQuote, 'start' | 'end'>[] | undefined;
}

/** What every engine gives back, in one shape: the four STAR parts and the five scored dimensions. */
export interface EngineFeedback {
  engine: FeedbackEngineName;
  star: StarPartFeedback[];
  assessment: AssessmentScore[];
}

/** Something that reads an answer for its story and scores it (the offline scorer, or OpenAI). */
export interface FeedbackEngine {
  readonly name: FeedbackEngineName;
  assess(input: AnswerToAssess): Promise<EngineFeedback>;
}

/** How much each dimension weighs in the overall score: relevance most, structure least. */
const WEIGHTS: Record<AssessmentDimension, number> = { relevance: 0.25, specificity: 0.2, ownership: 0.2, impact: 0.2, structure: 0.15 };
/** At or below this relevance the answer is to another question, and the rest cannot make up for it. */
const OFF_TOPIC_RELEVANCE = 3;

/**
 * The overall score, 0 to 10 with one decimal: the dimensions weighed together, capped for an answer
 * to another question (a detailed answer to the wrong question is still a weak answer). Both engines
 * share it, so their overall scores mean the same.
 */
export function overallScore(assessment: readonly AssessmentScore[]): number {
  const score = (dimension: AssessmentDimension) => assessment.find((entry) => entry.dimension === dimension)?.score ?? 0;
  const weighted = (Object.keys(WEIGHTS) as AssessmentDimension[]).reduce((sum, dimension) => sum + WEIGHTS[dimension] * score(dimension), 0);
  const relevance = score('relevance');
  const capped = relevance <= OFF_TOPIC_RELEVANCE ? Math.min(weighted, relevance + 1) : weighted;
  return Math.round(capped * 10) / 10;
}
