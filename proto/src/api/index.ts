/**
 * Every REST body of the specification's section 7, request and response, as zod schemas, one file
 * per area (as `messages/` is). Services parse requests with these; the web client types its calls with them.
 */
export * from './common.ts';
export * from './accounts.ts';
export * from './threads.ts';
export * from './speech.ts';
export * from './jobs.ts';
export * from './search.ts';
export * from './feedback.ts';
export * from './plans.ts';
export * from './plan-requests.ts';
export * from './resumes.ts';
export * from './mock-interviews.ts';
export * from './public-profile.ts';
export * from './export.ts';
