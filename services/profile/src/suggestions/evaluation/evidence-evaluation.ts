import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ResumeContent, ResumeSuggestion } from '@story/proto/api/resumes';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { inventedNumbers } from '../bullet-rewrite.ts';
import type { SuggestInput } from '../resume-suggestions.ts';

/** The evidence cases (`services/profile/evaluation/evidence-cases.json`). */
export const EVIDENCE_CASES_FILE = fileURLToPath(new URL('../../../evaluation/evidence-cases.json', import.meta.url));

const evidenceSetSchema = z.object({
  stories: z.array(z.object({ storyId: z.number(), threadId: z.number().nullable(), content: z.string() })),
  cases: z.array(
    z.object({
      title: z.string(),
      company: z.string(),
      bullet: z.string(),
      candidates: z.array(z.object({ storyId: z.number(), relevance: z.number() })),
      expected: z.number().nullable(),
      split: z.enum(['tuning', 'held-out', 'held-out-2', 'held-out-3']),
      why: z.string(),
    }),
  ),
});
/** The stories and the bullets with the story each should quote (or none). */
export type EvidenceSet = z.infer<typeof evidenceSetSchema>;
export type EvidenceCase = EvidenceSet['cases'][number];

/** Reads the evidence set; a case naming a story the set does not hold is refused. */
export function readEvidenceSet(file = EVIDENCE_CASES_FILE): EvidenceSet {
  const set = evidenceSetSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const ids = new Set(set.stories.map((story) => story.storyId));
  for (const entry of set.cases) {
    for (const id of [...entry.candidates.map((candidate) => candidate.storyId), ...(entry.expected === null ? [] : [entry.expected])]) {
      if (!ids.has(id)) throw new Error(`"${entry.bullet}" names story ${id}, which the set does not hold`);
    }
  }
  return set;
}

/** How often the quoted story is the right one, how often the right one is found, and whether any number was made up. */
export interface EvidenceFigures {
  cases: number;
  /** Quotes of the expected story over all quotes given. */
  precision: number;
  /** Quotes of the expected story over the cases that have one. */
  recall: number;
  /** Rewrites whose every number is in the bullet or the quote, over all rewrites (must be 1). */
  noInventedNumberRate: number;
  /** Quotes that are not the story's exact words (must be 0). */
  quotesNotInStory: number;
  outcomes: { bullet: string; expected: number | null; quoted: number | null; rewrite: string; quote: string | null }[];
}

/** A résumé of one role and one bullet: what a case asks about. */
export function caseResume(entry: EvidenceCase): ResumeContent {
  return {
    name: 'Evaluation Person',
    contact: [],
    summary: '',
    roles: [{ id: 'role-case', title: entry.title, company: entry.company, location: '', dates: '', start: null, end: null, bullets: [{ id: 'b-case', text: entry.bullet }] }],
    education: [],
    skills: [],
    extraSections: [],
  };
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : Math.round((part / whole) * 1000) / 1000);

/** How many stories the profile service asks the search service for, per bullet (service-kit's `storiesOverNats`). */
export const STORIES_PER_BULLET = 3;

/**
 * The candidates as the search service would hand them over: best first, the first STORIES_PER_BULLET
 * only, and relevances as fused ranking gives them (a story's weighted reciprocal-rank score over the
 * most any story could score, k = 60), which lie close together: 1, 0.98, 0.97 for the first three of
 * every list. The hand-set relevances of the cases (0.4 to 0.9) only give the order then.
 */
export function searchLike(candidates: EvidenceCase['candidates']): EvidenceCase['candidates'] {
  return [...candidates]
    .sort((a, b) => b.relevance - a.relevance)
    .slice(0, STORIES_PER_BULLET)
    .map((candidate, index) => ({ storyId: candidate.storyId, relevance: Math.round((61 / (61 + index)) * 1000) / 1000 }));
}

/**
 * Runs an engine over the cases (each bullet's candidates as the search would answer) and scores its
 * evidence; `searchLike` hands the candidates over as the search service does (see `searchLike`).
 */
export async function evaluateEvidence(
  suggest: (input: SuggestInput) => Promise<ResumeSuggestion[]>,
  set: EvidenceSet,
  cases = set.cases,
  options: { searchLike?: boolean } = {},
): Promise<EvidenceFigures> {
  const stories = new Map(set.stories.map((story) => [story.storyId, story]));
  const outcomes: EvidenceFigures['outcomes'] = [];
  let clean = 0;
  let notInStory = 0;
  for (const entry of cases) {
    const candidates = options.searchLike ? searchLike(entry.candidates) : entry.candidates;
    const matched: MatchedStory[] = candidates.flatMap((candidate) => {
      const story = stories.get(candidate.storyId);
      return story ? [{ ...story, relevance: candidate.relevance }] : [];
    });
    const findStories = async (queries: { key: string }[]) => new Map(queries.map((query) => [query.key, matched]));
    // No card (nothing worth accepting) quotes nothing.
    const [suggestion] = await suggest({ content: caseResume(entry), findStories });
    const evidence = suggestion?.evidence ?? null;
    if (evidence && !stories.get(evidence.storyId)?.content.includes(evidence.quote)) notInStory++;
    if (inventedNumbers(suggestion?.rewrite ?? '', [entry.bullet, evidence?.quote ?? '']).length === 0) clean++;
    outcomes.push({ bullet: entry.bullet, expected: entry.expected, quoted: evidence?.storyId ?? null, rewrite: suggestion?.rewrite ?? '', quote: evidence?.quote ?? null });
  }
  const quoted = outcomes.filter((outcome) => outcome.quoted !== null);
  const right = quoted.filter((outcome) => outcome.quoted === outcome.expected).length;
  return {
    cases: cases.length,
    precision: ratio(right, quoted.length),
    recall: ratio(right, outcomes.filter((outcome) => outcome.expected !== null).length),
    noInventedNumberRate: ratio(clean, cases.length),
    quotesNotInStory: notInStory,
    outcomes,
  };
}

/** The figures as lines to print, with every case that went wrong. */
export function describeEvidenceFigures(label: string, figures: EvidenceFigures): string[] {
  return [
    `${label}, ${figures.cases} bullets: evidence precision ${figures.precision}, recall ${figures.recall}, no invented number ${figures.noInventedNumberRate}, quotes not in the story ${figures.quotesNotInStory}`,
    ...figures.outcomes
      .filter((outcome) => outcome.quoted !== outcome.expected)
      .map((outcome) => `  wrong: "${outcome.bullet}" expected ${outcome.expected ?? 'none'}, quoted ${outcome.quoted ?? 'none'}`),
  ];
}
