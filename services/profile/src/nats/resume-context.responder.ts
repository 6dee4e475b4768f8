import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  QUEUE_GROUPS,
  RESUME_MESSAGES,
  SUBJECTS,
  resumeContextRequestSchema,
  resumeThreadLinkRequestSchema,
  type CoachRole,
  type ResumeContent,
  type ResumeContextReply,
  type resumeThreadLinkReplySchema,
} from '@story/proto';
import { describeZodError, startResponders, type PlanCheck } from '@story/service-kit';
import type { ResumeRepository } from '../resumes/resume.repository.ts';
import { resumePlanRefusal } from './resume-plan.ts';

/** The roles as the coach may know them: titles, companies, dates and bullets; never the name or contact lines. */
export function coachRolesOf(content: ResumeContent): CoachRole[] {
  return content.roles.map((role) => ({ title: role.title, company: role.company, dates: role.dates, bullets: role.bullets.map((bullet) => bullet.text) }));
}

/**
 * Answers "what does user U's résumé say (and this bullet of it)?" A bullet not theirs, or gone, is
 * answered "no". A plan without résumés: the coach knows none, and a story about a bullet is refused
 * with the plan's sentence (403).
 */
export async function answerResumeContext(resumes: ResumeRepository, plans: PlanCheck, body: unknown): Promise<ResumeContextReply> {
  const request = resumeContextRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, message: describeZodError(request.error) };
  const { userId, bullet } = request.data;
  const refused = await resumePlanRefusal(plans, userId);
  if (refused) return bullet || refused.status !== 403 ? { ok: false, ...refused } : { ok: true, roles: [] };
  const current = await resumes.current(userId);
  const roles = current && current.reviewed ? coachRolesOf(current.content) : [];
  if (!bullet) return { ok: true, roles };
  const resume = await resumes.find(userId, bullet.resumeId);
  for (const role of resume?.content.roles ?? []) {
    const found = role.bullets.find((item) => item.id === bullet.bulletId);
    if (found) return { ok: true, roles, bullet: { ...bullet, text: found.text, role: { title: role.title, company: role.company, dates: role.dates } } };
  }
  return { ok: false, message: RESUME_MESSAGES.notFound };
}

/** Links a thread to the bullet it was started about (not for a plan without résumés). */
export async function answerThreadLink(resumes: ResumeRepository, plans: PlanCheck, body: unknown): Promise<z.infer<typeof resumeThreadLinkReplySchema>> {
  const request = resumeThreadLinkRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, message: describeZodError(request.error) };
  const { userId, resumeId, bulletId, threadId } = request.data;
  const refused = await resumePlanRefusal(plans, userId);
  if (refused) return { ok: false, message: refused.message };
  return (await resumes.linkThread(userId, resumeId, bulletId, threadId)) ? { ok: true } : { ok: false, message: RESUME_MESSAGES.notFound };
}

/** Serves `profile.resume.context` and `profile.resume.thread-link` in the `profile` queue group; returns a function that stops listening. */
export function startResumeContextResponders(nc: NatsConnection, resumes: ResumeRepository, plans: PlanCheck, log: FastifyBaseLogger): () => Promise<void> {
  return startResponders(
    nc,
    QUEUE_GROUPS.profile,
    [
      { subject: SUBJECTS.resumeContext, answer: (body) => answerResumeContext(resumes, plans, body) },
      { subject: SUBJECTS.resumeThreadLink, answer: (body) => answerThreadLink(resumes, plans, body) },
    ],
    log,
  );
}
