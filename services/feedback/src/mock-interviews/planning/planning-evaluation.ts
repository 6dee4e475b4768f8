/**
 * The planning evaluation (issue 23), over the evaluation set: whether each question quotes its source,
 * whether the mix of sources is right, and whether story fit offers the right story when there is one
 * and none when there is none.
 */
import type { PlanInput, PlannedQuestion, ResumeLineSource } from './interview-planner.ts';
import { OfflineInterviewPlanner } from './offline-planner.ts';
import { PLANNING_CASES, type PlanningCase } from './planning-evaluation.fixtures.ts';
import { readRequirement } from './requirement-lines.ts';
import { cleanBullet } from './resume-lines.ts';
import { distinctiveWords } from './source-words.ts';
import { storyFitFor } from './story-fit.ts';

/** The planner's input for a case: its requirement lines as `line:<n>`, its bullets as `resume:<company>-<n>`. */
export function planningInput(entry: PlanningCase): PlanInput {
  const resumeLines = entry.resume.flatMap(([title, company, bullets]) => {
    const slug = company.toLowerCase().match(/[a-z]+/)?.[0] ?? 'role';
    return bullets.map((text, index): ResumeLineSource => ({ kind: 'resume', key: `resume:${slug}-${index}`, text, snippetId: null, title, company }));
  });
  return {
    companyName: entry.companyName,
    jobTitle: entry.jobTitle,
    targetRole: entry.targetRole,
    requirements: entry.requirements.map((text, index) => ({ kind: 'requirement', key: `line:${index}`, text, snippetId: null })),
    resumeLines,
    count: entry.count,
  };
}

/**
 * True when a question quotes its source. A requirement: at least two of the distinctive words of the
 * line (all of them when it has fewer) appear in the question, stemmed. A résumé line: the question
 * holds the line as written, or its first words (at least eight) before "…". The role: its name.
 */
export function quotesItsSource(question: PlannedQuestion): boolean {
  const { source, text } = question;
  if (source.kind === 'role') return text.includes(source.text);
  if (source.kind === 'resume') {
    const line = cleanBullet(source.text);
    if (text.includes(`'${line}'`)) return true;
    const shortened = /'([^']*?)…'/.exec(text)?.[1];
    return Boolean(shortened && shortened.split(' ').length >= 8 && line.startsWith(shortened));
  }
  const own = new Set(distinctiveWords(text).map((entry) => entry.stem));
  const topic = readRequirement(source.text).topic;
  const wanted = distinctiveWords(topic);
  const found = wanted.filter((entry) => own.has(entry.stem)).length;
  return found >= Math.min(2, wanted.length) && wanted.length > 0;
}

/** True when the plan's sources are mixed as asked: the role once, first; one or two résumé lines with a résumé, none without; the rest requirements. */
export function hasRightMix(questions: readonly PlannedQuestion[], input: PlanInput): boolean {
  const kinds = questions.map((question) => question.source.kind);
  const resume = kinds.filter((kind) => kind === 'resume').length;
  const resumeOk = input.resumeLines.length === 0 ? resume === 0 : resume >= 1 && resume <= 2;
  return kinds[0] === 'role' && kinds.filter((kind) => kind === 'role').length === 1 && resumeOk && questions.length === input.count;
}

export interface PlanningFigures {
  cases: number;
  questions: number;
  /** Share of questions that quote their requirement, résumé line or role. */
  quoteRate: number;
  /** Share of plans with the right mix of sources and the asked count. */
  mixRate: number;
  /** Questions with a right story, and the share whose first offered story is it. */
  withStory: number;
  storyTop1: number;
  /** Questions without a right story, and the share offered none (or only a workable story the set accepts). */
  withoutStory: number;
  noneCorrect: number;
  /** Every question that failed a measure, to read. */
  misses: string[];
}

const share = (hits: number, total: number) => (total === 0 ? 1 : Math.round((hits / total) * 1000) / 1000);

/** Plans every case offline and measures the plans and their story fit. */
export async function evaluatePlanning(cases: readonly PlanningCase[] = PLANNING_CASES): Promise<PlanningFigures> {
  const planner = new OfflineInterviewPlanner();
  const misses: string[] = [];
  let questions = 0;
  let quoted = 0;
  let mixed = 0;
  let withStory = 0;
  let top1 = 0;
  let withoutStory = 0;
  let none = 0;
  for (const entry of cases) {
    const input = planningInput(entry);
    const plan = planner.planNow(input);
    if (hasRightMix(plan, input)) mixed++;
    else misses.push(`${entry.name}: mix ${plan.map((question) => question.source.kind).join(',')}`);
    for (const question of plan) {
      questions++;
      if (quotesItsSource(question)) quoted++;
      else misses.push(`${entry.name}: no quote: ${question.text}`);
      if (question.source.kind === 'role') continue;
      const fits = await storyFitFor(question, entry.stories);
      const right = entry.right[question.source.key];
      if (right === undefined) {
        withoutStory++;
        const acceptable = entry.acceptable?.[question.source.key] ?? [];
        if (fits.every((fit) => acceptable.includes(fit.storyId))) none++;
        else misses.push(`${entry.name}: offered story ${fits[0]?.storyId} for ${question.source.key} (${question.text})`);
      } else {
        withStory++;
        if (fits[0]?.storyId === right) top1++;
        else misses.push(`${entry.name}: ${question.source.key} got ${fits.map((fit) => fit.storyId).join(',') || 'none'}, not ${right}`);
      }
    }
  }
  return {
    cases: cases.length,
    questions,
    quoteRate: share(quoted, questions),
    mixRate: share(mixed, cases.length),
    withStory,
    storyTop1: share(top1, withStory),
    withoutStory,
    noneCorrect: share(none, withoutStory),
    misses,
  };
}
