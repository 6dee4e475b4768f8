import { StandInPlans, startServiceForTest, type ServiceTestOptions, type ServiceUnderTest } from '@story/testing/service-under-test';
import { jobsService, type JobsDeps } from '../src/app.ts';
import type { JobsConfig } from '../src/config.ts';

export type JobsUnderTest = ServiceUnderTest<JobsConfig, JobsDeps>;

/** The real jobs service (SQLite in a temporary folder, the configured formatter) as `main.ts` builds it; plans give everyone everything unless the test gives its own. */
export function startJobsForTest(options: ServiceTestOptions<JobsDeps> = {}): Promise<JobsUnderTest> {
  return startServiceForTest(jobsService, { ...options, deps: { plans: new StandInPlans(), ...options.deps } });
}

/** A clock that moves one second per reading, so "newest first" is well defined. */
export function steppingClock(start = Date.parse('2024-06-01T10:00:00.000Z')): () => Date {
  let now = start;
  return () => new Date((now += 1000));
}

/** A request the way the gateway forwards one, as `headers` (from `service.as(user)`). */
export function requester(service: JobsUnderTest) {
  return (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    service.app.inject({ method, url, headers, payload: payload === undefined ? undefined : (payload as object) });
}
