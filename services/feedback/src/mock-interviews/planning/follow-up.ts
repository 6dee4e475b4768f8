/**
 * The interviewer's one follow-up (issue 23): asked when the answer's feedback misses a STAR part or
 * the answer gives no figure, about the gap that matters most. A result, in numbers, matters most;
 * then what the person did themselves; then the situation and the task.
 */
import type { StarPart } from '@story/proto';
import { hasNumber, statesMeasuredResult } from '@story/language';
import { withDigits } from '../../engines/offline/spelled-numbers.ts';

export const FOLLOW_UPS = {
  result: 'What was the result, in numbers?',
  action: 'What did you do yourself, step by step?',
  setting: 'What was the situation, and what were you asked to do?',
} as const;

/** True when the answer gives a figure, spelled out or in digits ("forty percent", "from 45 to 6 minutes"). */
export function givesNumber(answer: string): boolean {
  const said = withDigits(answer);
  return hasNumber(said) || statesMeasuredResult(said);
}

/** The one follow-up for an answer, or null when it tells every STAR part and gives a number. */
export function followUpFor(feedback: { star: readonly { part: StarPart; present: boolean }[]; answer: string }): string | null {
  const present = (part: StarPart) => feedback.star.some((entry) => entry.part === part && entry.present);
  if (!present('result') || !givesNumber(feedback.answer)) return FOLLOW_UPS.result;
  if (!present('action')) return FOLLOW_UPS.action;
  if (!present('situation') || !present('task')) return FOLLOW_UPS.setting;
  return null;
}
