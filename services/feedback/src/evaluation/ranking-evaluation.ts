import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { overallScore, type FeedbackEngine } from '../engines/feedback-engine.ts';

/** The evaluation set in the repository: `services/feedback/evaluation/answer-pairs.json`. */
const PAIRS_FILE = new URL('../../evaluation/answer-pairs.json', import.meta.url);

export const WEAKNESSES = ['vague', 'we-only', 'no-result', 'off-topic', 'rambling', 'hypothetical', 'too-short'] as const;

const answerPairSchema = z.object({
  id: z.string(),
  weakness: z.enum(WEAKNESSES),
  question: z.string().min(1),
  requirements: z.string().optional(),
  stronger: z.string().min(1),
  weaker: z.string().min(1),
});
export type AnswerPair = z.infer<typeof answerPairSchema>;

/** The hand-written pairs: the same question, one answer clearly stronger. */
export function readAnswerPairs(): AnswerPair[] {
  return z.object({ pairs: z.array(answerPairSchema).min(20) }).parse(JSON.parse(readFileSync(fileURLToPath(PAIRS_FILE), 'utf8'))).pairs;
}

/** How an engine ranked one pair: both overall scores. */
export interface PairRanking {
  pair: AnswerPair;
  stronger: number;
  weaker: number;
}

/** How often an engine scores the stronger answer higher (a tie is a miss), overall and per weakness. */
export interface RankingFigures {
  pairs: number;
  rankedRight: number;
  share: number;
  byWeakness: Partial<Record<AnswerPair['weakness'], { pairs: number; rankedRight: number }>>;
  misses: PairRanking[];
}

/** Scores both answers of every pair with `engine`, one pair after another. */
export async function rankPairs(engine: FeedbackEngine, pairs: readonly AnswerPair[] = readAnswerPairs()): Promise<RankingFigures> {
  const rankings: PairRanking[] = [];
  for (const pair of pairs) {
    const scoreOf = async (answer: string) =>
      overallScore((await engine.assess({ question: pair.question, answer, requirements: pair.requirements })).assessment);
    rankings.push({ pair, stronger: await scoreOf(pair.stronger), weaker: await scoreOf(pair.weaker) });
  }
  const right = (ranking: PairRanking) => ranking.stronger > ranking.weaker;
  const byWeakness: RankingFigures['byWeakness'] = {};
  for (const ranking of rankings) {
    const entry = byWeakness[ranking.pair.weakness] ?? { pairs: 0, rankedRight: 0 };
    byWeakness[ranking.pair.weakness] = { pairs: entry.pairs + 1, rankedRight: entry.rankedRight + (right(ranking) ? 1 : 0) };
  }
  const rankedRight = rankings.filter(right).length;
  return { pairs: rankings.length, rankedRight, share: rankedRight / Math.max(1, rankings.length), byWeakness, misses: rankings.filter((ranking) => !right(ranking)) };
}
