import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import {
  MOCK_INTERVIEW_MESSAGES,
  MOCK_SUBJECTS,
  QUEUE_GROUPS,
  resumeLinesRequestSchema,
  type ResumeContent,
  type ResumeLine,
  type ResumeLinesReply,
} from '@story/proto';
import { describeZodError, startResponders, type PlanCheck } from '@story/service-kit';
import type { ResumeRepository } from '../resumes/resume.repository.ts';
import { resumePlanRefusal } from './resume-plan.ts';

/** Every bullet of every role, in the order the résumé lists them (newest role first), with the role's title and company. */
export function resumeLinesOf(content: ResumeContent): ResumeLine[] {
  return content.roles.flatMap((role) =>
    role.bullets.filter((bullet) => bullet.text.trim()).map((bullet) => ({ bulletId: bullet.id, text: bullet.text, title: role.title, company: role.company })),
  );
}

/**
 * Answers "which lines of user U's résumé may a mock interview ask about?" With a résumé id: that
 * résumé at its latest version, 404 when it is not theirs or does not exist. Without: their current
 * résumé, or no lines (`resumeId` null) when they have none. A malformed question is refused (400).
 * A plan without résumés has none to ask about; a résumé named by id is refused with the plan's sentence (403).
 */
export async function answerResumeLines(resumes: ResumeRepository, plans: PlanCheck, body: unknown): Promise<ResumeLinesReply> {
  const request = resumeLinesRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, status: 400, message: describeZodError(request.error) };
  const { userId, resumeId } = request.data;
  const refused = await resumePlanRefusal(plans, userId);
  if (refused) return resumeId === undefined && refused.status === 403 ? { ok: true, resumeId: null, lines: [] } : { ok: false, ...refused };
  if (resumeId === undefined) {
    const current = await resumes.current(userId);
    return current ? { ok: true, resumeId: current.id, lines: resumeLinesOf(current.content) } : { ok: true, resumeId: null, lines: [] };
  }
  const resume = await resumes.find(userId, resumeId);
  if (!resume) return { ok: false, status: 404, message: MOCK_INTERVIEW_MESSAGES.resumeNotFound };
  return { ok: true, resumeId: resume.id, lines: resumeLinesOf(resume.content) };
}

/** Serves `profile.resume.lines` in the `profile` queue group; returns a function that stops listening and waits for answers in flight. */
export function startResumeLinesResponder(nc: NatsConnection, resumes: ResumeRepository, plans: PlanCheck, log: FastifyBaseLogger): () => Promise<void> {
  // A failure goes unanswered rather than a wrong answer: the feedback service reports profile unavailable.
  return startResponders(nc, QUEUE_GROUPS.profile, [{ subject: MOCK_SUBJECTS.resumeLines, answer: (body) => answerResumeLines(resumes, plans, body) }], log);
}
