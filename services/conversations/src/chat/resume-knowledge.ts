import type { FastifyBaseLogger } from 'fastify';
import type { CoachRole, ResumeBulletRef } from '@story/proto';

/** The résumé line a story is told about, with the role it sits under. */
export interface ToldBullet {
  text: string;
  role: { title: string; company: string; dates: string };
}

/** What the coach knows of the person's résumé: its roles (never a name or contact line), and the bullet being told, if any. */
export interface ResumeKnowledge {
  roles: readonly CoachRole[];
  bullet?: ToldBullet | undefined;
}

/** Where the coach learns the résumé (the profile service, asked over NATS). */
export interface ResumeKnowledgeSource {
  /**
   * What the coach may know of the user's résumé, and of `bullet` when one is named: undefined when
   * nothing is known (no résumé, or the profile service not answering: the conversation goes on
   * without). A named bullet that is not the user's is a 404.
   */
  knowledgeOf(userId: number, bullet: ResumeBulletRef | undefined, log: FastifyBaseLogger): Promise<ResumeKnowledge | undefined>;
}

/** The role as one line: "Software Engineer at Northwind, 2019 – 2022" (parts left out when the résumé has none). */
export function roleLine(role: { title: string; company: string; dates: string }): string {
  const who = [role.title.trim(), role.company.trim()].filter(Boolean).join(' at ');
  return [who, role.dates.trim()].filter(Boolean).join(', ');
}

/** The knowledge to give the model, as a field to spread into its request (none when nothing is known). */
export async function resumeFieldOf(
  source: ResumeKnowledgeSource | undefined,
  userId: number,
  bullet: ResumeBulletRef | undefined,
  log: FastifyBaseLogger,
): Promise<{ resume?: ResumeKnowledge }> {
  const resume = source ? await source.knowledgeOf(userId, bullet, log) : undefined;
  return resume ? { resume } : {};
}
