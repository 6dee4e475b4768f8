import type { AssessmentScore } from '@story/proto';
import { hasNumber, statesMeasuredResult } from '@story/language';
import { spansWith, type AnswerReading, type ReadSpan } from './answer-reading.ts';
import { COMMENTS } from './feedback-phrases.ts';
import { countOf, quoteFrom, scored } from './score-kit.ts';
import { withDigits } from './spelled-numbers.ts';

const COMPARISON = /\bfrom\s+[$€£]?\d[^.;]*?\bto\s+[$€£]?\d|\binstead of\b|\bagainst\b[^.;]*\d|\b\d+(?:\.\d+)?x\b/i;
const RECOGNITION = /\b(?:renewed|promoted|thanked|adopted|approved|booked|praised|review|asked me to present|signed|recommended)\b/i;
const HEDGE =
  /\b(?:i think|probably|maybe|not (?:totally |really |entirely )?sure|more or less|i guess|sort of|kind of|roughly on|or close to|fairly sure|seemed)\b/i;

const isMeasured = (said: string) => {
  const text = withDigits(said);
  return statesMeasuredResult(text) || hasNumber(text);
};
/** Results come last: of several clauses, the later ones first. */
const latestFirst = (spans: readonly ReadSpan[]) => [...spans].reverse();

/** Impact, 0 to 10: a result at all, measured where possible, compared with before, and said without hedging. */
export function impactScore(reading: AnswerReading): AssessmentScore {
  const results = spansWith(reading, 'result');
  if (results.length === 0) {
    const last = reading.spans.at(-1);
    return scored(reading, 'impact', reading.hypothetical ? 0 : 1, quoteFrom(reading, [last]), COMMENTS.impact.none);
  }
  const hedged = results.filter((span) => HEDGE.test(span.text));
  const measured = latestFirst(results.filter((span) => isMeasured(span.text) && !HEDGE.test(span.text)));
  if (measured.length > 0) {
    const compares = (text: string) => COMPARISON.test(withDigits(text));
    const compared = measured.find((span) => compares(span.text));
    const quote = quoteFrom(reading, [compared, measured[0]], (text) => (compared ? compares(text) : isMeasured(text)));
    return scored(reading, 'impact', 7 + Math.min(measured.length, 2) + (compared ? 1 : 0), quote, COMMENTS.impact.measured);
  }
  if (hedged.length === results.length) return scored(reading, 'impact', 3, quoteFrom(reading, [hedged.at(-1)]), COMMENTS.impact.hedged);
  const recognised = results.some((span) => RECOGNITION.test(span.text)) || RECOGNITION.test(reading.answer);
  const plain = latestFirst(results).find((span) => !HEDGE.test(span.text));
  return scored(reading, 'impact', 5 + (recognised ? 1 : 0), quoteFrom(reading, [plain]), COMMENTS.impact.unmeasured);
}

/** Words a spoken or written answer fills its silences with. */
const FILLER = /\b(?:um+|uh+|erm|you know|basically|actually|i mean|like,|honestly|anyway)\b/gi;
/** An answer of about one to two minutes spoken: 50 to 250 words. */
const IDEAL_WORDS = { min: 50, max: 250 } as const;

/** Structure, 0 to 10: the STAR parts there, in order (scene, actions, result), at a length that holds attention, without asides. */
export function structureScore(reading: AnswerReading): AssessmentScore {
  const firstOf = (...elements: Parameters<typeof spansWith>[1][]) => {
    const span = spansWith(reading, ...elements)[0];
    return span ? reading.spans.indexOf(span) : -1;
  };
  const situation = firstOf('situation', 'task');
  const action = firstOf('action', 'teamAction');
  const result = firstOf('result');
  const lastResult = spansWith(reading, 'result').at(-1);
  const parts = [firstOf('situation'), firstOf('task'), action, result].filter((index) => index >= 0).length;
  const n = reading.wordCount;

  // The 1–2 minute target is for whole interview answers: a story's turns and answers to follow-ups are never short or long.
  const judged = reading.kind === 'practice' && reading.turns.length === 1;
  const short = judged ? Math.max(0, (IDEAL_WORDS.min - n) / 10) : 0;
  const long = judged ? Math.max(0, (n - IDEAL_WORDS.max) / 35) : 0;
  // Out of order: the actions come before any scene is set, or every result before the actions.
  const outOfOrder = (situation > action && action >= 0 ? 1 : 0) + (lastResult && reading.spans.indexOf(lastResult) < action ? 1 : 0);
  const asides = reading.spans.filter((span) => ![...span.elements].some((element) => element !== 'people' && element !== 'feeling'));
  const asideShare = reading.spans.length >= 6 ? asides.length / reading.spans.length : 0;
  const fillers = (countOf(reading.answer, FILLER) * 100) / Math.max(n, 1);
  const rambling = Math.max(0, (asideShare - 0.35) * 10) + Math.min(3, Math.max(0, fillers - 2) * 0.7);
  const score = 3 + 1.5 * parts + (parts >= 3 && short === 0 && long === 0 ? 1 : 0) - short - long - outOfOrder - rambling;

  if (!judged) {
    if (rambling >= 2) return scored(reading, 'structure', score, quoteFrom(reading, [asides[Math.floor(asides.length / 2)]]), COMMENTS.structure.long);
    if (outOfOrder > 0) return scored(reading, 'structure', score, quoteFrom(reading, [reading.spans[Math.min(action, result)]]), COMMENTS.structure.order);
    const told = situation >= 0 && action >= 0 && result >= 0;
    return scored(reading, 'structure', score, quoteFrom(reading, []), told ? COMMENTS.structure.story : COMMENTS.structure.storySoFar);
  }
  if (short > 1) return scored(reading, 'structure', score, quoteFrom(reading, []), COMMENTS.structure.short);
  if (long + rambling >= 2) return scored(reading, 'structure', score, quoteFrom(reading, [asides[Math.floor(asides.length / 2)]]), COMMENTS.structure.long);
  if (outOfOrder > 0) return scored(reading, 'structure', score, quoteFrom(reading, [reading.spans[Math.min(action, result)]]), COMMENTS.structure.order);
  if (parts < 3) return scored(reading, 'structure', score, quoteFrom(reading, [reading.spans.at(-1)]), COMMENTS.structure.gaps);
  return scored(reading, 'structure', score, quoteFrom(reading, []), COMMENTS.structure.clear);
}
