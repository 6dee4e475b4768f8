import type { JobRequirement } from '@story/proto';
import type { JobDescriptionRepository } from '../job-descriptions/job-description.repository.ts';
import { requirementLines } from './requirement-lines.ts';

/** What a mock interview is planned from: the description's names, its requirement lines and the person's snippets of it. */
export interface InterviewRequirements {
  companyName: string;
  jobTitle: string;
  requirements: JobRequirement[];
  /** Oldest first, as the person saved them. */
  snippets: { id: number; text: string }[];
}

/** The requirements of a user's job description for a mock interview (asked over NATS by the feedback service). */
export class JobRequirementsService {
  constructor(private readonly repository: JobDescriptionRepository) {}

  /** The description's requirements and snippets when it is the user's (archived or not); undefined when it is not theirs or does not exist. */
  async forInterview(userId: number, jobDescriptionId: number): Promise<InterviewRequirements | undefined> {
    const description = await this.repository.findJobDescription(userId, jobDescriptionId);
    if (!description) return undefined;
    // The repository lists snippets newest first (by time, then id): reversed, the order they were saved in.
    const snippets = (await this.repository.listSnippets(userId, jobDescriptionId)) ?? [];
    return {
      companyName: description.companyName,
      jobTitle: description.jobTitle,
      requirements: requirementLines(description.formattedContent),
      snippets: snippets.toReversed().map((snippet) => ({ id: snippet.id, text: snippet.snippetText })),
    };
  }
}
