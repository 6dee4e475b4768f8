import type { TurnWriter } from './turn-writer.ts';

/** The longest requirement the opening quotes; a longer one is cut at a word. */
const QUOTED_CHARS = 160;

/** Ways to ask for a time the requirement was shown; each ends on the situation, the story's first part. */
const TIME_QUESTIONS = [
  'Think of a time you did something like that, at work or elsewhere: what was the situation?',
  'Think of a time you had to do just that, even on a small scale: what was the situation?',
  'Think of a moment when that was asked of you: what was going on at the time?',
] as const;

/** The requirement as one line to quote: list marks and extra spaces gone, shortened at a word when long. */
export function quotedRequirement(requirement: string): string {
  const line = requirement
    .split('\n')
    .map((part) =>
      part
        .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '')
        .trim()
        .replace(/[.;:,]+$/, ''),
    )
    .filter(Boolean)
    .join('; ')
    .replace(/\s+/g, ' ');
  if (line.length <= QUOTED_CHARS) return line;
  const cut = line.lastIndexOf(' ', QUOTED_CHARS);
  return `${line.slice(0, cut > 0 ? cut : QUOTED_CHARS).replace(/[\s,;:—–-]+$/, '')}…`;
}

/**
 * The story coach's opening for a requirement the person has no story for yet (issue 23, "No story
 * yet: tell one"): the requirement named, then a time that shows it asked for.
 */
export function requirementStoryOpening(writer: TurnWriter, requirement: string): string {
  return `Let's find a story that shows “${quotedRequirement(requirement)}”. ${writer.pick(TIME_QUESTIONS)}`;
}
