import type { FastifyBaseLogger } from 'fastify';
import { MOCK_INTERVIEW_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';
import type { InterviewPlanner, PlanInput, PlannedQuestion } from './interview-planner.ts';

/** The configured planner's questions, or the offline planner's when it fails, is late or plans none. */
export async function planWithFallback(
  deps: { planner: InterviewPlanner; fallbackPlanner: InterviewPlanner; plannerTimeoutMs: number; log: Pick<FastifyBaseLogger, 'warn'> },
  input: PlanInput,
): Promise<{ planned: PlannedQuestion[]; engine: InterviewPlanner['name'] }> {
  const { planner, fallbackPlanner, plannerTimeoutMs, log } = deps;
  if (planner !== fallbackPlanner) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${planner.name} planned nothing within ${plannerTimeoutMs} ms`)), plannerTimeoutMs);
      });
      const planned = await Promise.race([planner.plan(input), late]);
      if (planned.length > 0) return { planned, engine: planner.name };
    } catch (error) {
      log.warn({ err: error, planner: planner.name }, 'interview planner failed; the offline planner plans instead');
    } finally {
      clearTimeout(timer);
    }
  }
  const planned = await fallbackPlanner.plan(input);
  if (planned.length === 0) throw new HttpError(400, MOCK_INTERVIEW_MESSAGES.noRequirements);
  return { planned, engine: fallbackPlanner.name };
}
