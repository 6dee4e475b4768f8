import type { FastifyBaseLogger } from 'fastify';
import { JOB_MESSAGES, type ProcessJobDescriptionRequest } from '@story/proto';
import { HttpError, withinTime } from '@story/service-kit';
import type { JobDescriptionFormatter } from './job-description-formatter.ts';

export interface ProcessJobDescriptionDeps {
  formatter: JobDescriptionFormatter;
  timeoutMs: number;
}

/**
 * The pasted description cleaned into markdown. A formatter that fails, answers nothing or takes
 * longer than the timeout gives the specification's message as a 502, never a hang.
 */
export async function cleanJobDescription(deps: ProcessJobDescriptionDeps, input: ProcessJobDescriptionRequest, log: FastifyBaseLogger): Promise<string> {
  try {
    const formatting = deps.formatter.format(input.jobDescription, { companyName: input.companyName, jobTitle: input.jobTitle });
    const cleaned = await withinTime(formatting, deps.timeoutMs, 'formatter gave no answer');
    if (!cleaned.trim()) throw new Error('formatter returned an empty description');
    return cleaned;
  } catch (error) {
    log.warn({ err: error, formatter: deps.formatter.name }, 'job description cleaning failed');
    throw new HttpError(502, JOB_MESSAGES.processFailed);
  }
}
