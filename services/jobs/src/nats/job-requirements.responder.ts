import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { MOCK_INTERVIEW_MESSAGES, MOCK_SUBJECTS, QUEUE_GROUPS, jobRequirementsRequestSchema, type JobRequirementsReply } from '@story/proto';
import { describeZodError, startResponders } from '@story/service-kit';
import type { JobRequirementsService } from '../requirements/job-requirements.service.ts';

/**
 * Answers "what does user U's job description N ask for, and what did they save of it?" Another
 * user's description and a missing one get the same 404; a malformed question is refused (400).
 */
export async function answerJobRequirements(requirements: JobRequirementsService, body: unknown): Promise<JobRequirementsReply> {
  const request = jobRequirementsRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, status: 400, message: describeZodError(request.error) };
  const found = await requirements.forInterview(request.data.userId, request.data.jobDescriptionId);
  if (!found) return { ok: false, status: 404, message: MOCK_INTERVIEW_MESSAGES.jobDescriptionNotFound };
  return { ok: true, ...found };
}

/**
 * Serves `jobs.description.requirements` in the `jobs` queue group. Returns a function that stops
 * listening and waits for answers in flight.
 */
export function startJobRequirementsResponder(nc: NatsConnection, requirements: JobRequirementsService, log: FastifyBaseLogger): () => Promise<void> {
  // A failure goes unanswered rather than a wrong 404: the feedback service reports jobs unavailable.
  return startResponders(nc, QUEUE_GROUPS.jobs, [{ subject: MOCK_SUBJECTS.jobRequirements, answer: (body) => answerJobRequirements(requirements, body) }], log);
}
