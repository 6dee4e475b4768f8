import type { ReadinessResponse } from '@story/proto';
import { READINESS_WORDS, scoreText } from './interview-turn.ts';

export interface ReadinessRow {
  key: string;
  requirement: string;
  score: string;
  level: string;
  levelKind: 'ready' | 'almost' | 'not-yet';
  attempts: string;
  /** The story the best answer used; null with `noStoryYet` (tell one) or when none is known. */
  story: string | null;
  noStoryYet: boolean;
}

/** The readiness board's rows: each requirement with its best score (or "Not practised yet"), level, attempts and story. */
export function readinessRows(readiness: ReadinessResponse): ReadinessRow[] {
  return readiness.requirements.map((requirement) => ({
    key: requirement.key,
    requirement: requirement.text,
    score: requirement.bestScore === null ? 'Not practised yet' : scoreText(requirement.bestScore),
    level: READINESS_WORDS[requirement.level],
    levelKind: requirement.level,
    attempts: requirement.attempts === 1 ? '1 attempt' : `${requirement.attempts} attempts`,
    story: requirement.story?.excerpt ?? null,
    noStoryYet: requirement.noStoryYet,
  }));
}

/** "2 of 5 requirements ready". */
export function readinessSummary(readiness: ReadinessResponse): string {
  const ready = readiness.requirements.filter((requirement) => requirement.level === 'ready').length;
  const total = readiness.requirements.length;
  return `${ready} of ${total} requirement${total === 1 ? '' : 's'} ready`;
}
