/**
 * The offline interviewer: questions from the requirements' and the résumé's own words by patterns,
 * no model. One warm-up about the role comes first (the only question whose source is the role);
 * with a résumé, one or two of its lines are probed; the rest are the requirements, spread over the
 * list, required before "nice to have", and degrees or licences only when nothing else is left.
 * Nothing is asked twice: not the same source, not the same text, not two sources of nearly the same words;
 * only when there is too little to ask about for the count asked does a source get a second, harder
 * angle (what went wrong; how the person would go about it here).
 */
import type { QuestionSource } from '@story/proto';
import { MOCK_INTERVIEW_LIMITS } from '@story/proto';
import type { InterviewPlanner, PlanInput, PlannedQuestion, ResumeLineSource } from './interview-planner.ts';
import { deeperQuestion, requirementQuestion, resumeQuestion, roleQuestion } from './question-phrasing.ts';
import { readRequirement, type RequirementReading } from './requirement-lines.ts';
import { lineHasFigure, quotedBullet, rankResumeLines } from './resume-lines.ts';
import { distinctiveStems, stemOverlap } from './source-words.ts';

type Difficulty = PlannedQuestion['difficulty'];

/** Two sources this close in words are one question asked twice. */
const NEAR_DUPLICATE = 0.67;
/** Words that make a question harder to answer well. */
const HARD_WORDS =
  /\b(?:lead|led|leading|mentor\w*|conflict\w*|stakeholders?|influenc\w*|negotiat\w*|ambigu\w*|pressure|prioriti[sz]\w*|deadlines?|difficult|crisis|crises|escalat\w*|fail\w*|change management|cross-functional|strateg\w*|budgets?|hiring|complex\w*|manag\w*|senior|executive|critical)\b/i;
const BASE_DIFFICULTY: Record<RequirementReading['shape'], number> = {
  tool: 2,
  field: 2,
  credential: 2,
  condition: 2,
  quality: 3,
  ability: 3,
  activity: 3,
};

/** How much a requirement's shape is worth asking about: something done beats a quality or a field, spread over the list breaks ties. */
const SHAPE_WEIGHT: Record<RequirementReading['shape'], number> = { activity: 4, ability: 4, tool: 2.5, quality: 2, field: 2, credential: 0, condition: 0 };

const clampDifficulty = (value: number): Difficulty => {
  const bounded = Math.max(1, Math.min(5, Math.round(value)));
  return bounded === 1 ? 1 : bounded === 2 ? 2 : bounded === 3 ? 3 : bounded === 4 ? 4 : 5;
};

/** How many questions to plan: the asked count kept to 5–8. */
export const questionCountOf = (count: number): number =>
  Math.max(MOCK_INTERVIEW_LIMITS.questions.min, Math.min(MOCK_INTERVIEW_LIMITS.questions.max, Math.round(count) || MOCK_INTERVIEW_LIMITS.questions.default));

/** The role the interview is for: the target role, else the description's job title. */
export const roleOf = (input: Pick<PlanInput, 'targetRole' | 'jobTitle'>): string => input.targetRole?.trim() || input.jobTitle.trim() || 'this';

/** The warm-up's source: the role, in its own words. */
export const roleSource = (input: Pick<PlanInput, 'targetRole' | 'jobTitle'>): QuestionSource => ({
  kind: 'role',
  key: 'role',
  text: roleOf(input),
  snippetId: null,
});

/** `count` evenly spread indexes of a list of `length` (all of them when it is short). */
function spread(length: number, count: number): number[] {
  if (count >= length) return [...Array(length).keys()];
  const picked = new Set<number>();
  for (let i = 0; i < count; i++) picked.add(Math.min(length - 1, Math.floor(((i + 0.5) * length) / count)));
  return [...picked];
}

interface Candidate {
  question: PlannedQuestion;
  order: number;
}

/** Plans questions by patterns; deterministic, and fast enough to answer within the request. */
export class OfflineInterviewPlanner implements InterviewPlanner {
  readonly name = 'offline' as const;

  async plan(input: PlanInput): Promise<PlannedQuestion[]> {
    return this.planNow(input);
  }

  /** The plan, synchronously (the OpenAI planner's stand-in and the benchmark call it). */
  planNow(input: PlanInput): PlannedQuestion[] {
    const count = questionCountOf(input.count);
    const role = roleOf(input);
    const chosen: Candidate[] = [
      { question: { text: roleQuestion(role, input.jobTitle, input.companyName), source: roleSource(input), difficulty: 1 }, order: -1 },
    ];
    const usedKeys = new Set<string>(['role']);
    const usedTexts = new Set<string>([chosen[0]?.question.text.toLowerCase() ?? '']);
    const usedStems: Set<string>[] = [];
    const turns = new Map<string, number>();
    const turnOf = (kind: string) => {
      const turn = turns.get(kind) ?? 0;
      turns.set(kind, turn + 1);
      return turn;
    };
    const fresh = (source: QuestionSource, stems: Set<string>) =>
      !usedKeys.has(source.key) && stems.size > 0 && usedStems.every((other) => stemOverlap(stems, other) < NEAR_DUPLICATE);
    const take = (candidate: Candidate, stems: Set<string>) => {
      if (usedTexts.has(candidate.question.text.toLowerCase())) return false;
      chosen.push(candidate);
      usedKeys.add(candidate.question.source.key);
      usedTexts.add(candidate.question.text.toLowerCase());
      usedStems.push(stems);
      return true;
    };

    const readings = input.requirements.map((source, index) => ({ source, index, reading: readRequirement(source.text) }));
    const askable = readings.filter((entry) => entry.reading.topic && entry.reading.shape !== 'condition' && entry.reading.shape !== 'credential');
    const required = askable.filter((entry) => !entry.reading.optional);
    const optional = askable.filter((entry) => entry.reading.optional);
    const credentials = readings.filter((entry) => entry.reading.topic && entry.reading.shape === 'credential');
    const requirementStems = new Set(askable.flatMap((entry) => [...distinctiveStems(entry.reading.topic)]));
    const resumeLines = rankResumeLines(input.resumeLines, requirementStems);

    const resumeWanted = resumeLines.length === 0 ? 0 : count >= 6 ? 2 : 1;
    const requirementSlots = Math.max(0, count - 1 - Math.min(resumeWanted, resumeLines.length));

    const askRequirement = (entry: (typeof readings)[number]) => {
      const stems = distinctiveStems(entry.reading.topic);
      if (!fresh(entry.source, stems)) return false;
      const hard = HARD_WORDS.test(entry.reading.topic) ? 1 : 0;
      const long = entry.reading.topic.split(' ').length > 8 ? 1 : 0;
      const difficulty = clampDifficulty(Math.max(2, BASE_DIFFICULTY[entry.reading.shape] + hard + long - (entry.reading.optional ? 1 : 0)));
      const text = requirementQuestion(entry.reading, turnOf(entry.reading.shape));
      return take({ question: { text, source: entry.source, difficulty }, order: entry.index }, stems);
    };
    const askResume = (line: ResumeLineSource, order: number) => {
      const stems = distinctiveStems(line.text);
      if (!fresh(line, stems)) return false;
      const figure = lineHasFigure(line.text);
      const text = resumeQuestion(quotedBullet(line.text), line.company, figure, turnOf('resume'));
      return take({ question: { text, source: line, difficulty: figure ? 3 : 2 }, order: 1000 + order }, stems);
    };

    // The résumé's share first: a line quoted is more particular than a requirement of nearly the same words.
    for (const [order, line] of resumeLines.entries()) {
      if (chosen.length >= 1 + resumeWanted) break;
      askResume(line, order);
    }
    // Requirements: an even spread of the required ones first, then the rest of them in order, then the optional ones.
    let asked = 0;
    const spreadOut = new Set(spread(required.length, requirementSlots));
    const weighed = required
      .map((entry, position) => ({ entry, weight: SHAPE_WEIGHT[entry.reading.shape] + (spreadOut.has(position) ? 1 : 0) }))
      .sort((a, b) => b.weight - a.weight || a.entry.index - b.entry.index)
      .map(({ entry }) => entry);
    for (const entry of [...weighed, ...optional]) {
      if (asked >= requirementSlots || chosen.length >= count) break;
      if (askRequirement(entry)) asked++;
    }
    // Then whatever is left: the requirements passed over, more of the résumé, degrees and licences when nothing else is.
    for (const entry of [...required, ...optional]) {
      if (chosen.length >= count) break;
      askRequirement(entry);
    }
    for (const [order, line] of resumeLines.entries()) {
      if (chosen.length >= count) break;
      askResume(line, order);
    }
    for (const entry of credentials) {
      if (chosen.length >= count) break;
      askRequirement(entry);
    }
    // Still short of the count asked (one requirement, no résumé): harder angles on what is asked already.
    const asked0 = chosen.filter((candidate) => candidate.question.source.kind !== 'role');
    for (const turn of [0, 1, 2])
      for (const [position, candidate] of asked0.entries()) {
        if (chosen.length >= count) break;
        const text = deeperQuestion(candidate.question.source, input.companyName, turn);
        if (usedTexts.has(text.toLowerCase())) continue;
        usedTexts.add(text.toLowerCase());
        chosen.push({ question: { text, source: candidate.question.source, difficulty: turn === 0 ? 5 : 4 }, order: 2000 + turn * 100 + position });
      }
    return chosen
      .sort((a, b) => a.question.difficulty - b.question.difficulty || a.order - b.order)
      .slice(0, count)
      .map((candidate) => candidate.question);
  }
}
