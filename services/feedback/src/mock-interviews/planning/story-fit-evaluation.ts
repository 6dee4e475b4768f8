/**
 * The story-fit evaluation over whole conversations (issue 38): requirement lines, each with four to
 * six of the person's stories labelled `strong` (a hiring manager accepts it as clear evidence),
 * `partial` (related, not shown) or `none`. The held-out file was written by someone who never saw
 * the rules (`evaluation/README.md`); the tuning file has the same shape.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { QuestionSource, StoryFit } from '@story/proto';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { requirementQuestion } from './question-phrasing.ts';
import { readRequirement } from './requirement-lines.ts';

export const STORY_FIT_FILES = {
  'held-out': fileURLToPath(new URL('../../../evaluation/held-out/story-fit.json', import.meta.url)),
  tuning: fileURLToPath(new URL('../../../evaluation/story-fit.tuning.json', import.meta.url)),
} as const;

const FIT_LABELS = ['strong', 'partial', 'none'] as const;
const turnSchema = z.object({ role: z.enum(['coach', 'me']), text: z.string().min(1) });
const storyFitCaseSchema = z.object({
  posting: z.string(),
  requirement: z.string().min(1),
  stories: z.array(z.object({ key: z.string().min(1), title: z.string(), turns: z.array(turnSchema).min(1) })).min(1),
  labels: z.record(z.string(), z.enum(FIT_LABELS)),
  why: z.record(z.string(), z.string()).optional(),
});
export type StoryFitCase = z.infer<typeof storyFitCaseSchema>;

/** Reads a set of story-fit cases; a story without a label is refused. */
export function readStoryFitCases(file: string): StoryFitCase[] {
  const { cases } = z.object({ cases: z.array(storyFitCaseSchema) }).parse(JSON.parse(readFileSync(file, 'utf8')));
  for (const entry of cases)
    for (const story of entry.stories) if (!entry.labels[story.key]) throw new Error(`"${entry.requirement}": story ${story.key} has no label`);
  return cases;
}

/** How the search service hands a story over: each exchange apart (before issue 38), or the whole conversation. */
export type StoryShape = 'exchange' | 'conversation';

const neutralOrder = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * A case's stories as the search service would answer them: the person's words (every turn, one
 * paragraph each; or each turn apart), in an order unrelated to the labels, with fused-rank relevances.
 * A story's `threadId` is its index in the case plus one.
 */
export function storiesOfCase(entry: StoryFitCase, shape: StoryShape): MatchedStory[] {
  const told = entry.stories.flatMap((story, index) => {
    const threadId = index + 1;
    const turns = story.turns.filter((turn) => turn.role === 'me').map((turn) => turn.text);
    if (shape === 'conversation') return [{ key: story.key, threadId, storyId: threadId * 100, content: turns.join('\n\n') }];
    return turns.map((content, turn) => ({ key: `${story.key}#${turn}`, threadId, storyId: threadId * 100 + turn + 1, content }));
  });
  return told
    .sort((a, b) => neutralOrder(a.key).localeCompare(neutralOrder(b.key)))
    .map((story, rank) => ({
      storyId: story.storyId,
      threadId: story.threadId,
      content: story.content,
      relevance: Math.round((61 / (61 + rank)) * 1000) / 1000,
    }));
}

/** The question the offline planner asks of a requirement line, with the line as its source. */
export function questionOfCase(entry: StoryFitCase, index: number): { text: string; source: QuestionSource } {
  return {
    text: requirementQuestion(readRequirement(entry.requirement), 0),
    source: { kind: 'requirement', key: `line:${index}`, text: entry.requirement, snippetId: null },
  };
}

export type FitStories = (question: { text: string; source: QuestionSource }, stories: readonly MatchedStory[]) => StoryFit[] | Promise<StoryFit[]>;

export interface StoryFitFigures {
  requirements: number;
  /** Stories offered as a strong fit, and how many of them are labelled strong. */
  offeredStrong: number;
  rightStrong: number;
  precision: number;
  /** Requirements with a strong story, and how many got one of them offered as strong. */
  withStrong: number;
  strongFound: number;
  recall: number;
  /** Stories offered at all (strong or workable) that are labelled none. */
  offeredNone: number;
  offered: number;
  /** Why-lines of the offers, to read (a reason must be a real one). */
  lines: string[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : Math.round((part / whole) * 1000) / 1000);

/** Runs story fit over the cases and scores its strong offers against the labels. */
export async function evaluateStoryFit(fit: FitStories, cases: readonly StoryFitCase[], shape: StoryShape): Promise<StoryFitFigures> {
  let offeredStrong = 0;
  let rightStrong = 0;
  let withStrong = 0;
  let strongFound = 0;
  let offeredNone = 0;
  let offered = 0;
  const lines: string[] = [];
  for (const [index, entry] of cases.entries()) {
    const fits = await fit(questionOfCase(entry, index), storiesOfCase(entry, shape));
    const labelOf = (offer: StoryFit) => entry.labels[entry.stories[(offer.threadId ?? 0) - 1]?.key ?? ''] ?? 'none';
    const strong = fits.filter((offer) => offer.fit === 'strong');
    offeredStrong += strong.length;
    rightStrong += strong.filter((offer) => labelOf(offer) === 'strong').length;
    offered += fits.length;
    offeredNone += fits.filter((offer) => labelOf(offer) === 'none').length;
    if (Object.values(entry.labels).includes('strong')) {
      withStrong++;
      if (strong.some((offer) => labelOf(offer) === 'strong')) strongFound++;
    }
    lines.push(`  "${entry.requirement}"`);
    for (const offer of fits) lines.push(`    ${offer.fit} (labelled ${labelOf(offer)}): ${offer.why}`);
  }
  return {
    requirements: cases.length,
    offeredStrong,
    rightStrong,
    precision: ratio(rightStrong, offeredStrong),
    withStrong,
    strongFound,
    recall: ratio(strongFound, withStrong),
    offeredNone,
    offered,
    lines,
  };
}

/** The figures as a line to print. */
export function describeStoryFitFigures(label: string, figures: StoryFitFigures): string {
  return (
    `${label}, ${figures.requirements} requirements: strong-fit precision ${figures.precision} (${figures.rightStrong} of ${figures.offeredStrong}), ` +
    `requirements with a strong story offered one ${figures.strongFound} of ${figures.withStrong} (${figures.recall}); ` +
    `offers labelled none ${figures.offeredNone} of ${figures.offered}`
  );
}
