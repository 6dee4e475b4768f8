import type { FastifyBaseLogger } from 'fastify';
import { SUBJECTS, resumeContextReplySchema, type ResumeBulletRef } from '@story/proto';
import { HttpError, ask, type NatsLink } from '@story/service-kit';
import type { ResumeKnowledge, ResumeKnowledgeSource } from '../chat/resume-knowledge.ts';

/** How long a turn waits for the résumé: it is a help to the coach, never a reason to keep the person waiting. */
const RESUME_TIMEOUT_MS = 1500;

/**
 * Asks the profile service (`profile.resume.context`) what the coach may know of a person's résumé.
 * Profile not answering, late or answering nonsense means no résumé knowledge (a warning in the log):
 * the conversation goes on. A bullet that is not the person's is refused with profile's message (404);
 * a plan without résumés with the plan's sentence (403, issue 36).
 */
export class ResumeContextClient implements ResumeKnowledgeSource {
  constructor(
    private readonly nats: NatsLink,
    private readonly timeoutMs = RESUME_TIMEOUT_MS,
  ) {}

  async knowledgeOf(userId: number, bullet: ResumeBulletRef | undefined, log: FastifyBaseLogger): Promise<ResumeKnowledge | undefined> {
    let raw: unknown;
    try {
      raw = await ask(this.nats, 'profile', SUBJECTS.resumeContext, { userId, ...(bullet ? { bullet } : {}) }, this.timeoutMs);
    } catch (error) {
      log.warn({ err: error, userId }, 'profile did not answer about the résumé: the coach goes on without it');
      return undefined;
    }
    const reply = resumeContextReplySchema.safeParse(raw);
    if (!reply.success) {
      log.warn({ userId }, 'profile answered about the résumé in an unknown shape: the coach goes on without it');
      return undefined;
    }
    if (!reply.data.ok) {
      if (bullet) throw new HttpError(reply.data.status ?? 404, reply.data.message);
      log.warn({ userId, message: reply.data.message }, 'profile refused the résumé: the coach goes on without it');
      return undefined;
    }
    const { roles, bullet: told } = reply.data;
    if (roles.length === 0 && !told) return undefined;
    return { roles, ...(told ? { bullet: { text: told.text, role: told.role } } : {}) };
  }
}
