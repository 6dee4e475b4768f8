import { createHash } from 'node:crypto';
import { bareWords, type ResumeAdvice, type ResumeBullet, type ResumeContent, type ResumeRole, type ResumeSuggestion } from '@story/proto/api/resumes';
import { STORIES_MATCH_LIMITS, type MatchedStory } from '@story/proto/resume-subjects';
import { analyzeBullet, type BulletFinding } from './bullet-weaknesses.ts';
import { endedLike, fixedBullet, inventedNumbers, withResult } from './bullet-rewrite.ts';
import { hasFigure, hasResult } from './bullet-weaknesses.ts';
import { findEvidence, tellsMeasuredOutcome, type FoundEvidence, type MissingFacts } from './story-evidence.ts';
import { sharedMeaningReader, type MeaningReader } from '@story/service-kit/sentence-encoder';

/** One text to match stories to: a weak bullet, by its key, with the threads told for it. */
export interface StoryQuery {
  key: string;
  text: string;
  threadIds?: readonly number[];
}

/** Asks the search service (once, for every weak bullet) for the person's stories that best match each text. */
export type FindStories = (queries: StoryQuery[]) => Promise<Map<string, MatchedStory[]>>;

/** What suggestions are made from: the résumé, how to find stories, the suggestions dismissed before, and the threads told per bullet. */
export interface SuggestInput {
  content: ResumeContent;
  findStories: FindStories;
  dismissed?: ReadonlySet<string>;
  /** Bullet id → the threads started with "Tell the story behind this line" for it: their story is quoted first. */
  bulletThreads?: Readonly<Record<string, readonly number[]>>;
  /** How close texts are in meaning (the sentence encoder); the process's own by default. */
  meaning?: MeaningReader;
}

/** A bullet with something weak in it, and where it stands. */
export interface WeakBullet {
  id: string;
  key: string;
  role: ResumeRole;
  bullet: ResumeBullet;
  findings: BulletFinding[];
}

/** A suggestion's id: the bullet's id and a short hash of its text, so it stays the same until the bullet changes. */
export function suggestionId(bulletId: string, text: string): string {
  const hash = createHash('sha256').update(text.trim()).digest('hex').slice(0, 10);
  return `s-${bulletId}-${hash}`;
}

/**
 * A figure the bullet's work reached or was done within: "to £40,000 in monthly revenue", "to 98% of customers
 * within 3 hrs" (a share, money or a time, not "to 3 directors").
 */
const REACHED_FIGURE =
  /\b(?:to|within|under)\s+(?:about\s+|over\s+|nearly\s+|almost\s+)?(?:[$€£]\s?\d|\d[\d,.]*\s*(?:%|percent\b|[km]\b|hrs?\b|hours?\b|minutes?\b|mins?\b|days?\b|weeks?\b|seconds?\b|ms\b))/i;

/** True when a bullet already tells a measured outcome (a figure and a result, "94% passed, up from 78%", "to £40,000 in monthly revenue" too): a strong line gets no suggestion. */
export const isStrongBullet = (text: string): boolean => hasFigure(text) && (hasResult(text) || tellsMeasuredOutcome(text) || REACHED_FIGURE.test(text));

/** The bullets of a résumé with something weak (strong ones, with a figure and a result, left alone), less the ones whose suggestion was dismissed. */
export function weakBullets(content: ResumeContent, dismissed: ReadonlySet<string> = new Set()): WeakBullet[] {
  return content.roles.flatMap((role) =>
    role.bullets.flatMap((bullet) => {
      const id = suggestionId(bullet.id, bullet.text);
      if (dismissed.has(id) || isStrongBullet(bullet.text)) return [];
      const findings = analyzeBullet(bullet.text);
      return findings.length > 0 ? [{ id, key: `${role.id}:${bullet.id}`, role, bullet, findings }] : [];
    }),
  );
}

/** What a bullet lacks that only the person can tell: a figure, a result, or neither. */
export function missingFacts(findings: readonly BulletFinding[]): MissingFacts {
  return { figure: findings.some((finding) => finding.kind === 'no-number'), result: findings.some((finding) => finding.kind === 'no-result') };
}

/** A role as a line: its title and company. */
export const roleLine = (role: Pick<ResumeRole, 'title' | 'company'>): string => [role.title, role.company].filter(Boolean).join(' — ');

/** The search text for a bullet: its role's title and company, then the bullet (never the name or contact lines). */
export const queryText = (weak: Pick<WeakBullet, 'role' | 'bullet'>): string =>
  [roleLine(weak.role), weak.bullet.text].filter(Boolean).join(' — ').slice(0, STORIES_MATCH_LIMITS.text);

/**
 * The stories matched to each weak bullet, asked for in one batch (the first STORIES_MATCH_LIMITS.queries
 * bullets that lack a fact; the others get suggestions without stories). A failed search gives none.
 */
export async function findCandidates(
  weak: readonly WeakBullet[],
  findStories: FindStories,
  bulletThreads: SuggestInput['bulletThreads'] = {},
): Promise<Map<string, MatchedStory[]>> {
  const queries = weak
    .filter((entry) => {
      const missing = missingFacts(entry.findings);
      return missing.figure || missing.result;
    })
    .slice(0, STORIES_MATCH_LIMITS.queries)
    .map((entry) => {
      const told = bulletThreads[entry.bullet.id] ?? [];
      return { key: entry.key, text: queryText(entry), ...(told.length > 0 ? { threadIds: told } : {}) };
    });
  if (queries.length === 0) return new Map();
  try {
    return await findStories(queries);
  } catch {
    // Suggestions without stories still fix the verb and say what to add.
    return new Map();
  }
}

/** The suggestion's parts that come from the bullet alone. */
function suggestionBase(weak: WeakBullet) {
  return {
    id: weak.id,
    roleId: weak.role.id,
    bulletId: weak.bullet.id,
    original: weak.bullet.text,
    weaknesses: weak.findings.map(({ kind, message }) => ({ kind, message })),
  };
}

/**
 * The offline suggestion for one weak bullet, or none when it has nothing worth accepting: a rewrite
 * with the outcome and its figures from the person's story (the verb fitting its object), or, without
 * a story, a rewrite that changes more than punctuation. What to add is said once per résumé
 * (`resumeAdvice`), not on every card.
 */
export function offlineSuggestion(weak: WeakBullet, found: FoundEvidence | undefined): ResumeSuggestion | undefined {
  const base = suggestionBase(weak);
  if (found) {
    const rewrite = endedLike(weak.bullet.text, withResult(fixedBullet(weak.bullet.text, { improved: true }), found.quote));
    if (inventedNumbers(rewrite, [weak.bullet.text, found.quote]).length === 0 && bareWords(rewrite) !== bareWords(weak.bullet.text)) {
      return { ...base, rewrite, evidence: { threadId: found.story.threadId, storyId: found.story.storyId, quote: found.quote }, toAdd: null };
    }
  }
  const rewrite = endedLike(weak.bullet.text, fixedBullet(weak.bullet.text));
  // The bullet less its full stop, or with one vague verb for another, is not worth a card.
  if (bareWords(rewrite) === bareWords(weak.bullet.text)) return undefined;
  // The missing figure and result are said once for the résumé (`resumeAdvice`): the card names what its rewrite fixes.
  const fixes = base.weaknesses.filter((weakness) => weakness.kind !== 'no-number' && weakness.kind !== 'no-result');
  return { ...base, weaknesses: fixes.length > 0 ? fixes : base.weaknesses, rewrite, evidence: null, toAdd: null };
}

/** The evidence for each weak bullet that lacks a fact, from its matched stories (the threads told for it first). */
export async function evidenceFor(
  weak: readonly WeakBullet[],
  candidates: ReadonlyMap<string, MatchedStory[]>,
  input: Pick<SuggestInput, 'bulletThreads' | 'meaning'>,
): Promise<Map<string, FoundEvidence>> {
  const meaning = input.meaning ?? sharedMeaningReader();
  const found = new Map<string, FoundEvidence>();
  for (const entry of weak) {
    const stories = candidates.get(entry.key) ?? [];
    if (stories.length === 0) continue;
    const toldFor = new Set(input.bulletThreads?.[entry.bullet.id] ?? []);
    const question = { bullet: entry.bullet.text, role: roleLine(entry.role), missing: missingFacts(entry.findings), toldFor };
    const evidence = await findEvidence(question, stories, meaning);
    if (evidence) found.set(entry.key, evidence);
  }
  return found;
}

/**
 * Suggestions for a résumé, offline: one per weak bullet not dismissed that has something worth
 * accepting, its rewrite grounded in the person's own story where one tells the missing outcome.
 * Strong bullets get none.
 */
export async function suggestForResume(input: SuggestInput): Promise<ResumeSuggestion[]> {
  const weak = weakBullets(input.content, input.dismissed);
  const candidates = await findCandidates(weak, input.findStories, input.bulletThreads);
  const evidence = await evidenceFor(weak, candidates, input);
  return weak.flatMap((entry) => offlineSuggestion(entry, evidence.get(entry.key)) ?? []);
}

/**
 * What to add to the résumé's lines that say what was done but not what came of it, once for all of
 * them (instead of a card per line with the same words), or null when every line has its outcome or
 * a story quoted for it.
 */
export function resumeAdvice(
  content: ResumeContent,
  suggestions: readonly ResumeSuggestion[],
  dismissed: ReadonlySet<string> = new Set(),
): ResumeAdvice | null {
  const grounded = new Set(suggestions.filter((suggestion) => suggestion.evidence !== null).map((suggestion) => suggestion.bulletId));
  const lacking = weakBullets(content, dismissed).filter((entry) => {
    const missing = missingFacts(entry.findings);
    return (missing.figure || missing.result) && !grounded.has(entry.bullet.id);
  });
  if (lacking.length === 0) return null;
  const lines = lacking.length === 1 ? 'One line says' : `${lacking.length} lines say`;
  return {
    message: `${lines} what you did but not what came of it. Add the result with a number (how much faster, how many people, how much saved), or tell the story behind the line and its figures can be quoted.`,
    bulletIds: lacking.map((entry) => entry.bullet.id),
  };
}
