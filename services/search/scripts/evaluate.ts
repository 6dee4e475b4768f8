/**
 * Prints the retrieval figures of every evaluation set (tuning and held-out) as the service answers:
 * `node --import tsx services/search/scripts/evaluate.ts [set...]`. The held-out sets are measured,
 * never tuned on.
 */
import { WordVectors } from '@story/language/word-vectors';
import { CONVERSATION_SETS, evaluateConversations, type ConversationSet } from '../src/evaluation/conversation-evaluation.ts';
import { EVALUATION_SETS, evaluateRetrieval, type EvaluationSet } from '../src/evaluation/retrieval-evaluation.ts';

const wanted = process.argv.slice(2);
const wordVectors = WordVectors.load();
const chosen = (set: string) => wanted.length === 0 || wanted.includes(set);
const f = (value: number) => value.toFixed(3);

for (const set of Object.keys(EVALUATION_SETS) as EvaluationSet[]) {
  if (!chosen(set)) continue;
  const figures = await evaluateRetrieval({ set, wordVectors });
  const kinds = Object.entries(figures.fused.byKind).map(([kind, value]) => `${kind} ${f(value.mrr)}`);
  process.stdout.write(
    `${set}: ${figures.stories} stories, ${figures.queries} queries; fused MRR ${f(figures.fused.mrr)}, recall@5 ${f(figures.fused.recallAt5)}, ` +
      `recall@10 ${f(figures.fused.recallAt10)}; meaning MRR ${f(figures.meaning.mrr)}, words MRR ${f(figures.words.mrr)}; ` +
      `nothing: ${figures.nothing.answered.length} of ${figures.nothing.queries} found something\n  by kind: ${kinds.join(', ')}\n`,
  );
}
for (const set of Object.keys(CONVERSATION_SETS) as ConversationSet[]) {
  if (!chosen(set)) continue;
  try {
    const figures = await evaluateConversations({ set, wordVectors });
    const kinds = Object.entries(figures.byKind).map(([kind, value]) => `${kind} ${f(value.mrr)} (r@5 ${f(value.recallAt5)}, ${value.queries})`);
    process.stdout.write(
      `${set}: ${figures.conversations} conversations, ${figures.queries} queries; MRR ${f(figures.mrr)}, top-1 ${f(figures.top1)}, ` +
        `recall@5 ${f(figures.recallAt5)}, recall@10 ${f(figures.recallAt10)}; lists repeating a conversation ${figures.listsWithRepeats}; ` +
        `passages ${figures.passages.overlapping}/${figures.passages.checked}; nothing: ${figures.nothing.answered} of ${figures.nothing.queries} found something\n` +
        `  by kind: ${kinds.join(', ')}\n`,
    );
  } catch (error) {
    process.stdout.write(`${set}: not measured (${error instanceof Error ? error.message.slice(0, 200) : String(error)})\n`);
  }
}
