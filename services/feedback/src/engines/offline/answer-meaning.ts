import { cosine, SentenceEncoderError, type TextEncoder } from '@story/service-kit/sentence-encoder';
import { isInAnswer, type AnswerReading, type ReadSpan } from './answer-reading.ts';

/** How near in meaning the answer's closest clause is to what it is measured against, and that clause. */
export interface AnswerMeaning {
  /** Cosine of the sentence encoder's vectors, -1 to 1 (about 0.1 for unrelated texts, 0.4 and up for one subject). */
  nearness: number;
  span: ReadSpan;
}

/**
 * Thresholds chosen on the tuning set (`evaluation/star-answers.tuning.json`, each answer against its own
 * requirement and three others'): with no word of the requirement said, a clause this near
 * (≥ NEAR) speaks to it (own 73 %, others' 24 %, against 69 % / 23 % by words alone), and only an
 * answer this far (< FAR) is about something else (own 4 %, others' 32 %): in between the scorer
 * says less.
 */
export const MEANING = { near: 0.4, far: 0.2 } as const;

/**
 * The answer's own clause nearest in meaning to its target (the requirement, or the question's
 * subject), by the sentence encoder; undefined without a target, without clauses, or when the
 * encoder cannot answer (the rules then judge alone).
 */
export async function answerMeaning(reading: AnswerReading, encoder: TextEncoder): Promise<AnswerMeaning | undefined> {
  const target = reading.target?.name;
  const spans = reading.spans.filter((span) => isInAnswer(reading, span));
  if (!target || spans.length === 0) return undefined;
  try {
    const [targetVector, ...vectors] = await encoder.embed([target, ...spans.map((span) => span.text)], 'query');
    if (!targetVector) return undefined;
    let best: AnswerMeaning | undefined;
    vectors.forEach((vector, index) => {
      const span = spans[index];
      const nearness = cosine(vector, targetVector);
      if (span && (!best || nearness > best.nearness)) best = { nearness, span };
    });
    return best;
  } catch (error) {
    if (error instanceof SentenceEncoderError) return undefined;
    throw error;
  }
}
