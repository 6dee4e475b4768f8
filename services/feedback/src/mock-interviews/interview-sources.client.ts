import {
  MOCK_SUBJECTS,
  jobRequirementsReplySchema,
  resumeLinesReplySchema,
  serviceUnavailableMessage,
  MOCK_INTERVIEW_MESSAGES,
  type JobRequirement,
  type QuestionSource,
  type ResumeLine,
} from '@story/proto';
import { HttpError, ask, type NatsLink } from '@story/service-kit';

/** A description's requirements and the person's saved snippets of it, as jobs tells them. */
export interface DescriptionRequirements {
  companyName: string;
  jobTitle: string;
  requirements: JobRequirement[];
  snippets: { id: number; text: string }[];
}

/** What a mock interview is planned from, and what readiness is counted against: the description (jobs) and the résumé (profile). */
export interface InterviewSources {
  /** 404 when the description is not the person's; 503 when jobs does not answer. */
  requirements(userId: number, jobDescriptionId: number): Promise<DescriptionRequirements>;
  /** The résumé's bullets (the current résumé without an id; none without a résumé); 404 when the résumé is not the person's. */
  resumeLines(userId: number, resumeId?: number): Promise<{ resumeId: number | null; lines: ResumeLine[] }>;
}

/** The sources over NATS: jobs answers `jobs.description.requirements`, profile `profile.resume.lines`; a refusal keeps its status and message. */
export function interviewSourcesOverNats(nats: NatsLink, timeoutMs: number): InterviewSources {
  return {
    async requirements(userId, jobDescriptionId) {
      const reply = jobRequirementsReplySchema.safeParse(await ask(nats, 'jobs', MOCK_SUBJECTS.jobRequirements, { userId, jobDescriptionId }, timeoutMs));
      if (!reply.success) throw new HttpError(503, serviceUnavailableMessage('jobs'));
      if (!reply.data.ok) throw new HttpError(reply.data.status, reply.data.message);
      const { companyName, jobTitle, requirements, snippets } = reply.data;
      return { companyName, jobTitle, requirements, snippets };
    },
    async resumeLines(userId, resumeId) {
      const body = resumeId === undefined ? { userId } : { userId, resumeId };
      const reply = resumeLinesReplySchema.safeParse(await ask(nats, 'profile', MOCK_SUBJECTS.resumeLines, body, timeoutMs));
      if (!reply.success) throw new HttpError(503, serviceUnavailableMessage('profile'));
      if (!reply.data.ok) throw new HttpError(reply.data.status, reply.data.message);
      return { resumeId: reply.data.resumeId, lines: reply.data.lines };
    },
  };
}

/** The requirements asked about: the chosen snippets (each must be one of the description's), else every requirement line, else every snippet. */
export function requirementsAsked(description: DescriptionRequirements, snippetIds: number[] | undefined): QuestionSource[] {
  const fromSnippet = (snippet: { id: number; text: string }): QuestionSource => ({
    kind: 'requirement',
    key: `snippet:${snippet.id}`,
    text: snippet.text,
    snippetId: snippet.id,
  });
  if (snippetIds && snippetIds.length > 0) {
    return [...new Set(snippetIds)].map((snippetId) => {
      const snippet = description.snippets.find((entry) => entry.id === snippetId);
      if (!snippet) throw new HttpError(404, MOCK_INTERVIEW_MESSAGES.snippetNotFound);
      return fromSnippet(snippet);
    });
  }
  if (description.requirements.length > 0)
    return description.requirements.map((line) => ({ kind: 'requirement', key: line.key, text: line.text, snippetId: null }));
  return description.snippets.map(fromSnippet);
}
