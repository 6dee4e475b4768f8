import type { FastifyBaseLogger } from 'fastify';
import { JOB_MESSAGES, type ProcessJobDescriptionRequest } from '@story/proto';
import { HttpError } from '@story/service-kit';
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
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`formatter gave no answer within ${deps.timeoutMs} ms`)), deps.timeoutMs);
  });
  try {
    const cleaned = await Promise.race([deps.formatter.format(input.jobDescription, { companyName: input.companyName, jobTitle: input.jobTitle }), timeout]);
    if (!cleaned.trim()) throw new Error('formatter returned an empty description');
    return cleaned;
  } catch (error) {
    log.warn({ err: error, formatter: deps.formatter.name }, 'job description cleaning failed');
    throw new HttpError(502, JOB_MESSAGES.processFailed);
  } finally {
    clearTimeout(timer);
  }
}
