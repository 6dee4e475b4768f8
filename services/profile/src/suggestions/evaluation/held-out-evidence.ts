import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { bareWords, type ResumeContent, type ResumeSuggestion } from '@story/proto/api/resumes';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { inventedNumbers } from '../bullet-rewrite.ts';
import type { SuggestInput } from '../resume-suggestions.ts';

/**
 * The evaluation over whole conversations (issue 38): bullets with two or three candidate stories told
 * to the coach over several turns, the story holding each bullet's missing facts (or none), the figures
 * a good rewrite keeps, and whether the bullet is already strong. The held-out file was written by
 * someone who never saw the rules (`evaluation/held-out/README.md`); the tuning file has the same shape.
 */
export const CONVERSATION_EVIDENCE_FILES = {
  'held-out': fileURLToPath(new URL('../../../evaluation/held-out/resume-evidence.json', import.meta.url)),
  /** Written by a helper who never saw the rules before the second round of issue 38 (`evaluation/held-out-2/README.md`). */
  'held-out-2': fileURLToPath(new URL('../../../evaluation/held-out-2/resume-evidence.json', import.meta.url)),
  /** Written by another helper who never saw the rules or the other sets; measured once, after the second round's rules. */
  'held-out-3': fileURLToPath(new URL('../../../evaluation/held-out-3/resume-evidence.json', import.meta.url)),
  /** Written by a third helper who never saw the rules or the other sets; measured once, after the rules read held-out-3. */
  'held-out-4': fileURLToPath(new URL('../../../evaluation/held-out-4/resume-evidence.json', import.meta.url)),
  /** Written by a fourth helper who never saw the rules or the other sets; measured once, after the third round's rules (outcomes credited to others, before-and-after orders). */
  'held-out-5': fileURLToPath(new URL('../../../evaluation/held-out-5/resume-evidence.json', import.meta.url)),
  tuning: fileURLToPath(new URL('../../../evaluation/resume-evidence.tuning.json', import.meta.url)),
} as const;

const turnSchema = z.object({ role: z.enum(['coach', 'me']), text: z.string().min(1) });
const conversationSchema = z.object({ key: z.string().min(1), title: z.string(), turns: z.array(turnSchema).min(1) });
const conversationCaseSchema = z.object({
  id: z.string(),
  role: z.string(),
  bullet: z.string().min(1),
  strength: z.enum(['weak', 'strong']),
  stories: z.array(conversationSchema).min(1),
  evidence: z.string().nullable(),
  outcomeFigures: z.array(z.string()),
  goodRewrite: z.string().nullable(),
  note: z.string().optional(),
});
export type ConversationCase = z.infer<typeof conversationCaseSchema>;
export type EvaluationConversation = z.infer<typeof conversationSchema>;

/** Reads a set of conversation cases; a case naming an evidence story it does not hold is refused. */
export function readConversationCases(file: string): ConversationCase[] {
  const { cases } = z.object({ cases: z.array(conversationCaseSchema) }).parse(JSON.parse(readFileSync(file, 'utf8')));
  for (const entry of cases) {
    const keys = entry.stories.map((story) => story.key);
    if (entry.evidence !== null && !keys.includes(entry.evidence)) throw new Error(`${entry.id}: evidence ${entry.evidence} is not one of its stories`);
  }
  return cases;
}

/**
 * How the search service hands a story over: `exchange`, each saved message apart (the person's words
 * of one turn, as stories were indexed before issue 38); `conversation`, the whole conversation (the
 * person's words of every turn, one paragraph each, as `search.stories.match` answers since).
 */
export type StoryShape = 'exchange' | 'conversation';

/** A story's place in a list that says nothing of its label: stories ordered by a hash of their key. */
const neutralOrder = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The candidates of a case as the search service would answer them: in an order unrelated to the
 * labels (the files put the evidence first), with fused-rank relevances (1, 0.98, 0.97, …). Each story
 * is a thread: `threadId` is its index in the case plus one; exchanges get their own `storyId`s.
 */
export function candidatesOf(entry: ConversationCase, shape: StoryShape): MatchedStory[] {
  const stories = entry.stories.map((story, index) => ({ story, threadId: index + 1 }));
  const told = stories.flatMap(({ story, threadId }) => {
    const turns = story.turns.filter((turn) => turn.role === 'me').map((turn) => turn.text);
    if (shape === 'conversation') return [{ key: story.key, threadId, storyId: threadId * 100, content: turns.join('\n\n') }];
    return turns.map((content, index) => ({ key: `${story.key}#${index}`, threadId, storyId: threadId * 100 + index + 1, content }));
  });
  return told
    .sort((a, b) => neutralOrder(a.key).localeCompare(neutralOrder(b.key)))
    .map((story, index) => ({ storyId: story.storyId, threadId: story.threadId, content: story.content, relevance: Math.round((61 / (61 + index)) * 1000) / 1000 }));
}

/** A role line of the set ("Software engineer, fintech start-up") as a résumé's title and company. */
export function roleOfCase(role: string): { title: string; company: string } {
  const comma = role.indexOf(', ');
  return comma === -1 ? { title: role, company: '' } : { title: role.slice(0, comma), company: role.slice(comma + 2) };
}

/** A résumé of one role and the case's bullet. */
export function conversationCaseResume(entry: ConversationCase): ResumeContent {
  return {
    name: 'Evaluation Person',
    contact: [],
    summary: '',
    roles: [{ id: 'role-case', ...roleOfCase(entry.role), location: '', dates: '', start: null, end: null, bullets: [{ id: 'b-case', text: entry.bullet }] }],
    education: [],
    skills: [],
    extraSections: [],
  };
}

/** What the product did with one case. */
export interface ConversationOutcome {
  id: string;
  bullet: string;
  strength: ConversationCase['strength'];
  expected: string | null;
  /** The story the suggestion quotes (its key), or null. */
  quoted: string | null;
  /** The card's rewrite, or null when no card or no rewrite was offered. */
  rewrite: string | null;
  card: boolean;
  quote: string | null;
  figuresKept: boolean | null;
}

/** The figures of one run. */
export interface ConversationFigures {
  cases: number;
  /** Quotes of the labelled story over all quotes (a quote where none is labelled is a false one). */
  precision: number;
  /** Quotes of the labelled story over the weak bullets that have one. */
  recall: number;
  /** Quotes of the labelled story; of them, rewrites holding every outcome figure exactly. */
  grounded: number;
  figuresKept: number;
  figureRate: number;
  /** Strong bullets, and how many got a card. */
  strong: number;
  strongWithCard: number;
  /** Rewrites with a number neither the bullet nor the quote holds; rewrites that are the bullet less its punctuation. */
  inventedNumbers: number;
  punctuationOnly: number;
  quotesNotInStory: number;
  outcomes: ConversationOutcome[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : Math.round((part / whole) * 1000) / 1000);

/** Runs a suggestion engine over the cases (each a one-bullet résumé, its stories as search hands them over) and scores it. */
export async function evaluateConversationCases(
  suggest: (input: SuggestInput) => Promise<ResumeSuggestion[]>,
  cases: readonly ConversationCase[],
  shape: StoryShape,
): Promise<ConversationFigures> {
  const outcomes: ConversationOutcome[] = [];
  let invented = 0;
  let punctuationOnly = 0;
  let notInStory = 0;
  for (const entry of cases) {
    const matched = candidatesOf(entry, shape);
    const findStories = async (queries: { key: string }[]) => new Map(queries.map((query) => [query.key, matched]));
    const [suggestion] = await suggest({ content: conversationCaseResume(entry), findStories });
    const evidence = suggestion?.evidence ?? null;
    const quotedStory = evidence ? entry.stories[(evidence.threadId ?? 0) - 1] : undefined;
    const quoted = quotedStory?.key ?? null;
    if (evidence && !matched.some((story) => story.threadId === evidence.threadId && story.content.includes(evidence.quote))) notInStory++;
    const rewrite = suggestion?.rewrite ? suggestion.rewrite : null;
    if (rewrite && inventedNumbers(rewrite, [entry.bullet, evidence?.quote ?? '']).length > 0) invented++;
    if (rewrite && bareWords(rewrite) === bareWords(entry.bullet)) punctuationOnly++;
    const rightStory = quoted !== null && quoted === entry.evidence;
    outcomes.push({
      id: entry.id,
      bullet: entry.bullet,
      strength: entry.strength,
      expected: entry.evidence,
      quoted,
      rewrite,
      card: suggestion !== undefined,
      quote: evidence?.quote ?? null,
      figuresKept: rightStory ? entry.outcomeFigures.every((figure) => rewrite?.includes(figure) ?? false) : null,
    });
  }
  const quotes = outcomes.filter((outcome) => outcome.quoted !== null);
  const right = quotes.filter((outcome) => outcome.quoted === outcome.expected).length;
  const grounded = outcomes.filter((outcome) => outcome.figuresKept !== null);
  const kept = grounded.filter((outcome) => outcome.figuresKept).length;
  const strong = outcomes.filter((outcome) => outcome.strength === 'strong');
  return {
    cases: cases.length,
    precision: ratio(right, quotes.length),
    // Strong bullets get no card, so no quote: recall is over the weak bullets a story grounds.
    recall: ratio(right, outcomes.filter((outcome) => outcome.expected !== null && outcome.strength === 'weak').length),
    grounded: grounded.length,
    figuresKept: kept,
    figureRate: ratio(kept, grounded.length),
    strong: strong.length,
    strongWithCard: strong.filter((outcome) => outcome.card).length,
    inventedNumbers: invented,
    punctuationOnly,
    quotesNotInStory: notInStory,
    outcomes,
  };
}

/** The figures as a line to print, then every bullet and what became of it (bullet -> rewrite). */
export function describeConversationFigures(label: string, figures: ConversationFigures): string[] {
  return [
    `${label}, ${figures.cases} bullets: evidence precision ${figures.precision}, recall ${figures.recall}; ` +
      `outcome figures kept in ${figures.figuresKept} of ${figures.grounded} grounded rewrites (${figures.figureRate}); ` +
      `strong bullets with a card ${figures.strongWithCard} of ${figures.strong}; invented numbers ${figures.inventedNumbers}, ` +
      `punctuation-only rewrites ${figures.punctuationOnly}, quotes not in the story ${figures.quotesNotInStory}`,
    ...figures.outcomes.map(
      (outcome) =>
        `  ${outcome.id} [${outcome.strength}, evidence ${outcome.expected ?? 'none'}, quoted ${outcome.quoted ?? 'none'}] ` +
        `"${outcome.bullet}" -> ${outcome.card ? (outcome.rewrite === null ? '(card, no rewrite)' : `"${outcome.rewrite}"`) : '(no card)'}`,
    ),
  ];
}
