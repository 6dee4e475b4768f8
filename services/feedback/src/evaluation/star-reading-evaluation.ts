import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { STAR_PARTS, type AnswerGivenEvent, type StarPart } from '@story/proto';
import { silentLog } from '@story/service-kit';
import { sharedSentenceEncoder } from '@story/service-kit/sentence-encoder';
import { AnswerScoringService } from '../answers/answer-scoring.service.ts';
import { readAnswer } from '../engines/offline/answer-reading.ts';
import { OfflineFeedbackEngine } from '../engines/offline/offline-feedback.engine.ts';
import { ReadinessService } from '../mock-interviews/readiness.service.ts';
import { openSqliteFeedbackStorage } from '../storage/feedback-storage.ts';

/** The sets of labelled answers in the repository (`services/feedback/evaluation/`). */
export const STAR_SETS = {
  tuning: new URL('../../evaluation/star-answers.tuning.json', import.meta.url),
  heldOut: new URL('../../evaluation/star-answers.held-out.json', import.meta.url),
} as const;

const LABELS = [...STAR_PARTS, 'none'] as const;
const labelledAnswerSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** The requirement practised (a snippet's text), or null: a story thread, outside interview practice. */
  requirement: z.string().nullable(),
  answer: z.string().min(1),
  spans: z.array(z.object({ text: z.string().min(1), part: z.enum(LABELS) })).min(1),
  admission: z.boolean(),
  kind: z.enum(['answer', 'non-answer', 'first-story-turn']),
});
export type LabelledAnswer = z.infer<typeof labelledAnswerSchema>;

/** One set's answers, checked: every span is the answer's own words, in order. */
export function readStarSet(file: URL): LabelledAnswer[] {
  const { answers } = z.object({ answers: z.array(labelledAnswerSchema).min(20) }).parse(JSON.parse(readFileSync(fileURLToPath(file), 'utf8')));
  for (const item of answers) {
    let at = 0;
    for (const span of item.spans) {
      const found = item.answer.indexOf(span.text, at);
      if (found < 0) throw new Error(`${item.id}: span not in the answer in order: ${span.text}`);
      at = found + span.text.length;
    }
  }
  return answers;
}

/** Precision, recall and F1 from counts (1 where nothing was to be found and nothing was). */
export interface Rates {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

function rates(truePositives: number, falsePositives: number, falseNegatives: number): Rates {
  const precision = truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives);
  const recall = truePositives + falseNegatives === 0 ? 1 : truePositives / (truePositives + falseNegatives);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truePositives, falsePositives, falseNegatives, precision, recall, f1 };
}

const emptyCounts = (): Record<StarPart, { tp: number; fp: number; fn: number }> => ({
  situation: { tp: 0, fp: 0, fn: 0 },
  task: { tp: 0, fp: 0, fn: 0 },
  action: { tp: 0, fp: 0, fn: 0 },
  result: { tp: 0, fp: 0, fn: 0 },
});

function summed(counts: Record<StarPart, { tp: number; fp: number; fn: number }>): { all: Rates; byPart: Record<StarPart, Rates> } {
  const byPart = Object.fromEntries(STAR_PARTS.map((part) => [part, rates(counts[part].tp, counts[part].fp, counts[part].fn)])) as Record<StarPart, Rates>;
  const total = STAR_PARTS.reduce((sum, part) => ({ tp: sum.tp + counts[part].tp, fp: sum.fp + counts[part].fp, fn: sum.fn + counts[part].fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  });
  return { all: rates(total.tp, total.fp, total.fn), byPart };
}

/** Categories of what the product still gets wrong, counted (never listed: the held-out set is not read case by case). */
export interface WrongCounts {
  partMissed: Record<StarPart, number>;
  partInvented: Record<StarPart, number>;
  admissionMissed: number;
  admissionInvented: number;
  admissionReady: number;
  nonAnswerGraded: number;
  firstTurnGraded: number;
  answerNotGraded: number;
  quoteNotFromAnswer: number;
}

/** What the evaluation measures on one set, through the product's own path (scoring service, stored feedback, readiness). */
export interface StarFigures {
  answers: number;
  /** Per answer, per part: is the part told (gold: a span labelled with it; product: the stored STAR part present). */
  presence: { all: Rates; byPart: Record<StarPart, Rates> };
  /** Per labelled span, per part: the product's clauses that lie mostly inside the span carry the part. */
  spans: { all: Rates; byPart: Record<StarPart, Rates> };
  /** Admissions detected (the stored feedback says so), over answers graded or not. */
  admissions: Rates;
  /** Answers labelled admissions whose requirement the readiness code calls Ready: must be 0. */
  admissionsReady: number;
  admissionsWithRequirement: number;
  /** Share of what is not an interview answer (non-answers, a story's first turn) that is not graded. */
  notAnswersUngraded: { nonAnswers: number; nonAnswersUngraded: number; firstTurns: number; firstTurnsUngraded: number };
  /** Quotes of the STAR parts and scores that are not the answer's words at their offsets. */
  quotesNotFromAnswer: number;
  wrong: WrongCounts;
}

const goldParts = (item: LabelledAnswer): Set<StarPart> => new Set(item.spans.flatMap((span) => (span.part === 'none' ? [] : [span.part])));

/** The parts each of the product's clauses tells, mapped onto STAR (a "we" step is an action). */
function productSpanParts(item: LabelledAnswer): { start: number; end: number; parts: Set<StarPart> }[] {
  const reading = readAnswer({ question: item.question, answer: item.answer, requirements: item.requirement ?? undefined });
  return reading.spans.map((span) => {
    const parts = new Set<StarPart>();
    for (const part of STAR_PARTS) if (span.elements.has(part)) parts.add(part);
    if (span.elements.has('teamAction')) parts.add('action');
    return { start: span.start, end: span.end, parts };
  });
}

/** The gold spans with their offsets in the answer. */
function goldSpans(item: LabelledAnswer): { start: number; end: number; part: (typeof LABELS)[number] }[] {
  let at = 0;
  return item.spans.map((span) => {
    const start = item.answer.indexOf(span.text, at);
    at = start + span.text.length;
    return { start, end: at, part: span.part };
  });
}

/**
 * Measures the STAR reading, admissions and readiness on one labelled set, the way the product does
 * it: each answer goes to the scoring service as the answer event would bring it (a practice answer
 * of its requirement's snippet, or, without a requirement, a story thread's turn), its stored feedback
 * is read back, and readiness is counted by the readiness service for the snippet.
 */
export async function measureStarReading(items: readonly LabelledAnswer[]): Promise<StarFigures> {
  const storage = openSqliteFeedbackStorage(':memory:');
  // The engine as the service builds it: rules and the sentence encoder.
  const engine = new OfflineFeedbackEngine(sharedSentenceEncoder());
  const scoring = new AnswerScoringService({
    feedback: storage.feedback,
    engine,
    fallback: engine,
    timeoutMs: 10_000,
    clock: () => new Date('2026-12-02T00:00:00Z'),
    log: silentLog,
  });
  const presence = emptyCounts();
  const spanCounts = emptyCounts();
  const admission = { tp: 0, fp: 0, fn: 0 };
  const wrong: WrongCounts = {
    partMissed: { situation: 0, task: 0, action: 0, result: 0 },
    partInvented: { situation: 0, task: 0, action: 0, result: 0 },
    admissionMissed: 0,
    admissionInvented: 0,
    admissionReady: 0,
    nonAnswerGraded: 0,
    firstTurnGraded: 0,
    answerNotGraded: 0,
    quoteNotFromAnswer: 0,
  };
  const ungraded = { nonAnswers: 0, nonAnswersUngraded: 0, firstTurns: 0, firstTurnsUngraded: 0 };
  let admissionsReady = 0;
  let admissionsWithRequirement = 0;
  try {
    for (const [index, item] of items.entries()) {
      const userId = index + 1;
      const snippetId = index + 1;
      const answerId = `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;
      const event: AnswerGivenEvent = {
        answerId,
        userId,
        question: item.question,
        answer: item.answer,
        ...(item.requirement ? { requirements: item.requirement, snippetId, kind: 'practice' as const } : { kind: 'story' as const }),
        source: 'typed',
        answeredAt: '2026-12-02T00:00:00Z',
      };
      const outcome = await scoring.score(event);
      const record = outcome === 'scored' ? await storage.feedback.find(userId, answerId) : undefined;

      if (item.kind === 'non-answer') {
        ungraded.nonAnswers++;
        if (record) wrong.nonAnswerGraded++;
        else ungraded.nonAnswersUngraded++;
      }
      if (item.kind === 'first-story-turn') {
        ungraded.firstTurns++;
        if (record) wrong.firstTurnGraded++;
        else ungraded.firstTurnsUngraded++;
      }

      const detected = record?.findings.admission === true;
      if (item.admission && detected) admission.tp++;
      if (item.admission && !detected) {
        admission.fn++;
        wrong.admissionMissed++;
      }
      if (!item.admission && detected) {
        admission.fp++;
        wrong.admissionInvented++;
      }

      if (record) {
        const quotes = [...record.findings.star.flatMap((part) => part.quotes), ...record.findings.assessment.flatMap((score) => (score.quote ? [score.quote] : []))];
        const bad = quotes.filter((quote) => item.answer.slice(quote.start, quote.end) !== quote.text).length;
        wrong.quoteNotFromAnswer += bad;
      }

      if (item.admission && item.requirement) {
        admissionsWithRequirement++;
        const readiness = new ReadinessService({
          interviews: storage.mockInterviews,
          feedback: storage.feedback,
          sources: {
            requirements: async () => ({ companyName: 'Evaluation', jobTitle: 'Evaluation', requirements: [], snippets: [{ id: snippetId, text: item.requirement ?? '' }] }),
            resumeLines: async () => ({ resumeId: null, lines: [] }),
          },
          findStories: async () => new Map(),
          fitStories: async () => [],
        });
        const rows = (await readiness.readiness(userId, 1)).requirements;
        if (rows.some((row) => row.level === 'ready')) {
          admissionsReady++;
          wrong.admissionReady++;
        }
      }

      if (item.kind !== 'answer') continue;
      if (!record) wrong.answerNotGraded++;
      const gold = goldParts(item);
      const told = new Set((record?.findings.star ?? []).filter((part) => part.present).map((part) => part.part));
      for (const part of STAR_PARTS) {
        if (gold.has(part) && told.has(part)) presence[part].tp++;
        if (gold.has(part) && !told.has(part)) {
          presence[part].fn++;
          wrong.partMissed[part]++;
        }
        if (!gold.has(part) && told.has(part)) {
          presence[part].fp++;
          wrong.partInvented[part]++;
        }
      }
      // Span by span: a product clause belongs to the gold span holding most of it.
      const product = productSpanParts(item);
      for (const span of goldSpans(item)) {
        const inside = product.filter((clause) => Math.min(clause.end, span.end) - Math.max(clause.start, span.start) > (clause.end - clause.start) / 2);
        const said = new Set(inside.flatMap((clause) => [...clause.parts]));
        for (const part of STAR_PARTS) {
          if (span.part === part && said.has(part)) spanCounts[part].tp++;
          if (span.part === part && !said.has(part)) spanCounts[part].fn++;
          if (span.part !== part && said.has(part)) spanCounts[part].fp++;
        }
      }
    }
  } finally {
    await storage.close();
  }
  return {
    answers: items.length,
    presence: summed(presence),
    spans: summed(spanCounts),
    admissions: rates(admission.tp, admission.fp, admission.fn),
    admissionsReady,
    admissionsWithRequirement,
    notAnswersUngraded: ungraded,
    quotesNotFromAnswer: wrong.quoteNotFromAnswer,
    wrong,
  };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)} %`;

/** The figures as lines to print: what the README's table is written from. */
export function describeFigures(name: string, figures: StarFigures): string {
  const parts = (of: { byPart: Record<StarPart, Rates> }) => STAR_PARTS.map((part) => `${part} ${percent(of.byPart[part].f1)}`).join(', ');
  return [
    `${name}: ${figures.answers} answers`,
    `  STAR presence F1 ${percent(figures.presence.all.f1)} (P ${percent(figures.presence.all.precision)}, R ${percent(figures.presence.all.recall)}; ${parts(figures.presence)})`,
    `  STAR span F1 ${percent(figures.spans.all.f1)} (P ${percent(figures.spans.all.precision)}, R ${percent(figures.spans.all.recall)}; ${parts(figures.spans)})`,
    `  admissions P ${percent(figures.admissions.precision)} R ${percent(figures.admissions.recall)}; Ready from an admission ${figures.admissionsReady} of ${figures.admissionsWithRequirement}`,
    `  non-answers ungraded ${figures.notAnswersUngraded.nonAnswersUngraded}/${figures.notAnswersUngraded.nonAnswers}, first story turns ungraded ${figures.notAnswersUngraded.firstTurnsUngraded}/${figures.notAnswersUngraded.firstTurns}, quotes not from the answer ${figures.quotesNotFromAnswer}`,
    `  wrong: ${JSON.stringify(figures.wrong)}`,
  ].join('\n');
}
