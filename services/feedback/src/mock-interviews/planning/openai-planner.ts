/**
 * The OpenAI interviewer: questions written by the model with structured output, from numbered
 * sources, then checked (each source exists and is used once, one warm-up from the role, the count
 * in range, texts neither empty nor overlong, each question sharing words with its source). A plan
 * that fails the check, a model error or a late answer gives way to the offline planner.
 */
import type { FastifyBaseLogger } from 'fastify';
import { askStructured, OpenAiModelClient, withinTime, type OpenAiModelOptions } from '@story/service-kit';
import type { InterviewPlanner, PlanInput, PlannedQuestion } from './interview-planner.ts';
import type { OfflineInterviewPlanner } from './offline-planner.ts';
import { questionCountOf, roleSource } from './offline-planner.ts';
import { PLANNER_SYSTEM_PROMPT, modelPlanSchema, numberedSources, planRequest, type ModelPlan } from './openai-planner.prompt.ts';
import { distinctiveStems } from './source-words.ts';

export interface OpenAiPlannerOptions extends OpenAiModelOptions {
  /** Plans the interview when the model fails, is late or writes a plan that does not check out. */
  offline: OfflineInterviewPlanner;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** Longer than this, a question is no longer one an interviewer says in one breath. */
export const QUESTION_TEXT_LIMIT = 400;

/**
 * The model's questions with their sources, ordered by difficulty, or the reason the plan cannot
 * stand. `sources` are numbered as the model saw them.
 */
export function checkedPlan(plan: ModelPlan, sources: readonly PlanInput['requirements'][number][], count: number): PlannedQuestion[] | string {
  const wanted = Math.min(count, sources.length);
  if (plan.questions.length < wanted || plan.questions.length > count) return `${plan.questions.length} questions, not ${wanted} to ${count}`;
  const used = new Set<number>();
  const texts = new Set<string>();
  const questions: PlannedQuestion[] = [];
  for (const said of plan.questions) {
    const source = sources[said.source];
    if (!source) return `no source ${said.source}`;
    if (used.has(said.source)) return `source ${said.source} asked twice`;
    const text = said.text.replace(/\s+/g, ' ').trim();
    if (!text || text.length > QUESTION_TEXT_LIMIT) return `question ${said.source} is empty or too long`;
    if (texts.has(text.toLowerCase())) return 'two questions alike';
    if (!Number.isInteger(said.difficulty) || said.difficulty < 1 || said.difficulty > 5) return `difficulty ${said.difficulty}`;
    if (source.kind !== 'role') {
      const own = distinctiveStems(text);
      if (![...distinctiveStems(source.text)].some((stem) => own.has(stem))) return `question ${said.source} does not take its source's words`;
    }
    used.add(said.source);
    texts.add(text.toLowerCase());
    const difficulty = said.difficulty === 1 ? 1 : said.difficulty === 2 ? 2 : said.difficulty === 3 ? 3 : said.difficulty === 4 ? 4 : 5;
    questions.push({ text, source, difficulty });
  }
  if (questions.filter((question) => question.source.kind === 'role').length !== 1) return 'not exactly one question about the role';
  // A stable sort: questions of one difficulty keep the model's order.
  return questions.sort((a, b) => a.difficulty - b.difficulty);
}

/** Plans with OpenAI's chat completions (or a compatible server at `baseURL`), checked; the offline planner stands in. */
export class OpenAiInterviewPlanner extends OpenAiModelClient<OpenAiPlannerOptions> implements InterviewPlanner {
  async plan(input: PlanInput): Promise<PlannedQuestion[]> {
    const count = questionCountOf(input.count);
    const sources = numberedSources(input, roleSource(input));
    try {
      const plan = await withinTime(this.ask(input, sources, count), this.options.timeoutMs, 'the model did not answer');
      const checked = checkedPlan(plan, sources, count);
      if (typeof checked !== 'string') return checked;
      this.options.log?.warn({ reason: checked }, 'the model’s interview plan did not check out; the offline planner plans it');
    } catch (error) {
      this.options.log?.warn({ err: error }, 'interview planner failed; the offline planner plans it');
    }
    return this.options.offline.planNow(input);
  }

  private async ask(input: PlanInput, sources: PlanInput['requirements'], count: number): Promise<ModelPlan> {
    return askStructured(this.client, this.options.model, {
      system: PLANNER_SYSTEM_PROMPT,
      user: planRequest(input, sources, count),
      schema: modelPlanSchema,
      name: 'interview_plan',
    });
  }
}
