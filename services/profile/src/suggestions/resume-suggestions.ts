import { createHash } from 'node:crypto';
import type { ResumeBullet, ResumeContent, ResumeRole, ResumeSuggestion } from '@story/proto/api/resumes';
import { STORIES_MATCH_LIMITS, type MatchedStory } from '@story/proto/resume-subjects';
import { analyzeBullet, type BulletFinding } from './bullet-weaknesses.ts';
import { fixedBullet, inventedNumbers, withResult } from './bullet-rewrite.ts';
import { findEvidence, type MissingFacts } from './story-evidence.ts';

/** One text to match stories to: a weak bullet, by its key. */
export interface StoryQuery {
  key: string;
  text: string;
}

/** Asks the search service (once, for every weak bullet) for the person's stories that best match each text. */
export type FindStories = (queries: StoryQuery[]) => Promise<Map<string, MatchedStory[]>>;

/** What suggestions are made from: the résumé, how to find stories, and the suggestions dismissed before. */
export interface SuggestInput {
  content: ResumeContent;
  findStories: FindStories;
  dismissed?: ReadonlySet<string>;
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

/** The bullets of a résumé with something weak, less the ones whose suggestion was dismissed. */
export function weakBullets(content: ResumeContent, dismissed: ReadonlySet<string> = new Set()): WeakBullet[] {
  return content.roles.flatMap((role) =>
    role.bullets.flatMap((bullet) => {
      const id = suggestionId(bullet.id, bullet.text);
      if (dismissed.has(id)) return [];
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
export async function findCandidates(weak: readonly WeakBullet[], findStories: FindStories): Promise<Map<string, MatchedStory[]>> {
  const queries = weak
    .filter((entry) => {
      const missing = missingFacts(entry.findings);
      return missing.figure || missing.result;
    })
    .slice(0, STORIES_MATCH_LIMITS.queries)
    .map((entry) => ({ key: entry.key, text: queryText(entry) }));
  if (queries.length === 0) return new Map();
  try {
    return await findStories(queries);
  } catch {
    // Suggestions without stories still fix the verb and say what to add.
    return new Map();
  }
}

/** What to add to a bullet whose facts no story holds. */
export function toAddFor(missing: MissingFacts): string | null {
  if (missing.figure && missing.result) return 'Add the result with a number: how much faster, how many people, how much saved.';
  if (missing.figure) return 'Add a number to the result: by how much, for how many, or how often.';
  if (missing.result) return 'Add what came of it: what changed for the team, the customers or the business.';
  return null;
}

/** The offline suggestion for one weak bullet, from its matched stories. */
export function offlineSuggestion(weak: WeakBullet, stories: readonly MatchedStory[]): ResumeSuggestion {
  const missing = missingFacts(weak.findings);
  const fixed = fixedBullet(weak.bullet.text);
  const base = {
    id: weak.id,
    roleId: weak.role.id,
    bulletId: weak.bullet.id,
    original: weak.bullet.text,
    weaknesses: weak.findings.map(({ kind, message }) => ({ kind, message })),
  };
  const found = findEvidence(weak.bullet.text, stories, missing);
  if (found) {
    const rewrite = withResult(fixed, found.quote);
    if (inventedNumbers(rewrite, [weak.bullet.text, found.quote]).length === 0) {
      // A result told without a figure: the person still has the number to add.
      const toAdd = missing.figure && !found.measured ? toAddFor({ figure: true, result: false }) : null;
      return { ...base, rewrite, evidence: { threadId: found.story.threadId, storyId: found.story.storyId, quote: found.quote }, toAdd };
    }
  }
  return { ...base, rewrite: fixed, evidence: null, toAdd: toAddFor(missing) };
}

/**
 * Suggestions for a résumé, offline: one per weak bullet not dismissed, its rewrite grounded in the
 * person's own story where one holds the missing facts, else saying what to add. Strong bullets get none.
 */
export async function suggestForResume(input: SuggestInput): Promise<ResumeSuggestion[]> {
  const weak = weakBullets(input.content, input.dismissed);
  const candidates = await findCandidates(weak, input.findStories);
  return weak.map((entry) => offlineSuggestion(entry, candidates.get(entry.key) ?? []));
}
