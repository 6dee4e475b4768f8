import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { attemptKey } from '../answers/attempts.ts';
import { questionKeyIn } from '../answers/question-identity.ts';

/** The evaluation sets of question identity: the one it was tuned on, and one written after, never tuned on. */
export const QUESTION_PAIR_SETS = {
  tuning: new URL('../../evaluation/question-pairs.json', import.meta.url),
  heldOut: new URL('../../evaluation/question-pairs.held-out.json', import.meta.url),
} as const;

/** Why two turns are (or are not) one question: a lead, a new session, a paraphrase, case; another question of the requirement, another requirement. */
export const PAIR_KINDS = ['lead', 'session', 'paraphrase', 'case', 'practice-again', 'other-requirement', 'unrelated'] as const;

const questionPairSchema = z.object({
  id: z.string(),
  snippet: z.string(),
  kind: z.enum(PAIR_KINDS),
  same: z.boolean(),
  a: z.string().min(1),
  b: z.string().min(1),
});
export type QuestionPair = z.infer<typeof questionPairSchema>;
const questionPairSetSchema = z.object({ snippets: z.record(z.string(), z.string()), pairs: z.array(questionPairSchema) });
export type QuestionPairSet = z.infer<typeof questionPairSetSchema>;

export function readQuestionPairs(file: URL): QuestionPairSet {
  return questionPairSetSchema.parse(JSON.parse(readFileSync(fileURLToPath(file), 'utf8')));
}

/** Whether an answer to turn b is counted as an attempt at the question of turn a, in one snippet's practice. */
export type SameQuestionJudge = (a: string, b: string, requirements: string) => boolean;

const SNIPPET_ID = 1;
const practiceEvent = (question: string, requirements: string) => ({ answerId: 'x', question, requirements, snippetId: SNIPPET_ID, kind: 'practice' as const });

/** Before issue 19's point 2: the key was the snippet and the whole turn's words. */
export const judgedByWholeTurn: SameQuestionJudge = (a, b, requirements) => attemptKey(practiceEvent(a, requirements)) === attemptKey(practiceEvent(b, requirements));

/** Now: the question's identity, b matched against the group a started. */
export const judgedByIdentity: SameQuestionJudge = (a, b, requirements) => {
  const scope = `snippet:${SNIPPET_ID}`;
  const first = questionKeyIn(scope, a, requirements, []);
  return questionKeyIn(scope, b, requirements, [{ questionKey: first, question: a }]) === first;
};

/** Precision and recall of "the same question", and the pairs judged wrong. */
export interface IdentityFigures {
  pairs: number;
  precision: number;
  recall: number;
  /** Share of all pairs judged right. */
  accuracy: number;
  wrong: QuestionPair[];
}

export function evaluateQuestionIdentity(set: QuestionPairSet, judge: SameQuestionJudge): IdentityFigures {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const wrong: QuestionPair[] = [];
  for (const pair of set.pairs) {
    const requirements = set.snippets[pair.snippet];
    if (requirements === undefined) throw new Error(`pair ${pair.id} names no known snippet (${pair.snippet})`);
    const same = judge(pair.a, pair.b, requirements);
    if (same && pair.same) truePositives += 1;
    if (same && !pair.same) falsePositives += 1;
    if (!same && pair.same) falseNegatives += 1;
    if (same !== pair.same) wrong.push(pair);
  }
  const judgedSame = truePositives + falsePositives;
  return {
    pairs: set.pairs.length,
    // No pair judged the same: nothing was wrongly joined.
    precision: judgedSame === 0 ? 1 : truePositives / judgedSame,
    recall: truePositives / Math.max(1, truePositives + falseNegatives),
    accuracy: (set.pairs.length - wrong.length) / Math.max(1, set.pairs.length),
    wrong,
  };
}
