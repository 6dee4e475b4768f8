/**
 * Mock interview planning benchmark (issue 23): the offline planner planning each job description of
 * the planning evaluation set (eleven descriptions, their résumés, 5 to 8 questions), against the
 * same inputs' requirement lines and résumé lines only read into words (the reference, measured in
 * the same run, rounds alternating): the ratio says what phrasing, choosing and ordering add to reading.
 * Budget: p50 under 200 ms per plan.
 *
 *   node --import tsx bench/mock-planning.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { OfflineInterviewPlanner } from '../services/feedback/src/mock-interviews/planning/offline-planner.ts';
import { planningInput } from '../services/feedback/src/mock-interviews/planning/planning-evaluation.ts';
import { PLANNING_CASES } from '../services/feedback/src/mock-interviews/planning/planning-evaluation.fixtures.ts';
import { distinctiveStems } from '../services/feedback/src/mock-interviews/planning/source-words.ts';
import { timing, type Timing } from './latency-figures.ts';

const BUDGET_MS = 200;
const ROUNDS = 40;
const WARMUP = 3;

export interface MockPlanningBenchResult {
  plans: number;
  planning: Timing;
  reference: Timing;
  ratio: number;
  withinBudget: boolean;
}

/** Runs the measurement, prints it and returns the figures. */
export async function runMockPlanningBench(log: (line: string) => void = console.log): Promise<MockPlanningBenchResult> {
  const planner = new OfflineInterviewPlanner();
  const inputs = PLANNING_CASES.map(planningInput);
  const plan = (index: number) => planner.planNow(inputs[index % inputs.length] ?? inputs[0]!);
  const read = (index: number) => {
    const input = inputs[index % inputs.length] ?? inputs[0]!;
    return [...input.requirements, ...input.resumeLines].reduce((size, source) => size + distinctiveStems(source.text).size, 0);
  };
  for (let i = 0; i < WARMUP * inputs.length; i++) {
    plan(i);
    read(i);
  }
  const planSamples: number[] = [];
  const readSamples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let index = 0; index < inputs.length; index++) {
      let started = performance.now();
      plan(index);
      planSamples.push(performance.now() - started);
      started = performance.now();
      read(index);
      readSamples.push(performance.now() - started);
    }
  }
  const planning = timing(planSamples, 3);
  const reference = timing(readSamples, 3);
  const ratio = Math.round((planning.p50 / Math.max(reference.p50, 0.001)) * 10) / 10;
  const withinBudget = planning.p50 < BUDGET_MS;
  log(
    `offline planning, ${inputs.length} descriptions × ${ROUNDS} rounds (${planSamples.length} plans): p50 ${planning.p50} ms, p99 ${planning.p99} ms; reading the sources alone (reference) p50 ${reference.p50} ms, p99 ${reference.p99} ms; ratio ${ratio}; budget p50 < ${BUDGET_MS} ms ${withinBudget ? 'met' : 'MISSED'}`,
  );
  return { plans: planSamples.length, planning, reference, ratio, withinBudget };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runMockPlanningBench();
