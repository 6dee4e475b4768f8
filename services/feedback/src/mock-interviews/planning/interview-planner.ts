/**
 * The mock interview's planner (issue 23): what a planner is given and what it gives back. The
 * offline planner turns requirements and résumé lines into questions by patterns that keep their own
 * words; the OpenAI planner writes them with structured output, checked, and the offline planner
 * stands in when it fails. Both order the questions from warm-up to hardest, no two alike.
 */
import type { FeedbackEngineName, QuestionSource } from '@story/proto';

/** A line of the résumé the interviewer may probe, with the role it belongs to. */
export interface ResumeLineSource extends QuestionSource {
  kind: 'resume';
  title: string;
  company: string;
}

export interface PlanInput {
  companyName: string;
  jobTitle: string;
  targetRole: string | null;
  /** The requirements to ask about (kind `requirement`), in the order written. */
  requirements: QuestionSource[];
  /** The résumé's bullets (kind `resume`), newest role first; empty without a résumé. */
  resumeLines: ResumeLineSource[];
  /** How many questions (5 to 8). */
  count: number;
}

/** A planned question, with the requirement, résumé line or role it comes from, and how hard it is (1 warm-up … 5 hardest). */
export interface PlannedQuestion {
  text: string;
  source: QuestionSource;
  difficulty: 1 | 2 | 3 | 4 | 5;
}

export interface InterviewPlanner {
  readonly name: FeedbackEngineName;
  /** `count` questions (fewer only when there is too little to ask about), ordered by difficulty. */
  plan(input: PlanInput): Promise<PlannedQuestion[]>;
}
