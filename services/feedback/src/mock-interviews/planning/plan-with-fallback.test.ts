import { describe, expect, it } from 'vitest';
import type { InterviewPlanner, PlanInput } from './interview-planner.ts';
import { OfflineInterviewPlanner } from './offline-planner.ts';
import { planWithFallback } from './plan-with-fallback.ts';

const input: PlanInput = {
  companyName: 'Acme',
  jobTitle: 'Support Lead',
  targetRole: null,
  requirements: [
    { kind: 'requirement', key: 'line:0', text: 'Experience leading a support team through a product launch', snippetId: null },
    { kind: 'requirement', key: 'line:1', text: 'Track record of cutting ticket backlogs', snippetId: null },
    { kind: 'requirement', key: 'line:2', text: 'Clear written communication with customers', snippetId: null },
    { kind: 'requirement', key: 'line:3', text: 'Comfortable with Zendesk and SQL reporting', snippetId: null },
  ],
  resumeLines: [],
  count: 5,
};
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };
const offline = new OfflineInterviewPlanner();
const model = (plan: InterviewPlanner['plan']): InterviewPlanner => ({ name: 'openai', plan });

describe('planning with the offline planner standing in', () => {
  it('keeps the configured planner’s questions when it plans', async () => {
    const mine = [{ text: 'Tell me about a launch you led.', source: input.requirements[0]!, difficulty: 2 as const }];
    const result = await planWithFallback({ planner: model(async () => mine), fallbackPlanner: offline, plannerTimeoutMs: 1000, log }, input);
    expect(result).toEqual({ planned: mine, engine: 'openai' });
  });

  it('plans offline when the configured planner fails, is late or plans nothing, and says so in the log', async () => {
    const failing = [model(async () => Promise.reject(new Error('HTTP 500'))), model(() => new Promise(() => undefined)), model(async () => [])];
    for (const planner of failing) {
      const result = await planWithFallback({ planner, fallbackPlanner: offline, plannerTimeoutMs: 50, log }, input);
      expect(result.engine).toBe('offline');
      expect(result.planned).toHaveLength(5);
    }
    expect(warnings).toHaveLength(2);
  });
});
