/**
 * What the OpenAI planner asks the model: the numbered sources (0 the role, then the requirements,
 * then the résumé's lines) and how many questions, and the shape of its answer: each question with
 * the number of its source and a difficulty.
 */
import { z } from 'zod';
import type { QuestionSource } from '@story/proto';
import type { PlanInput, ResumeLineSource } from './interview-planner.ts';

export const PLANNER_SYSTEM_PROMPT = `You plan a mock job interview. You are given numbered sources: the role (number 0), the job's requirements and lines of the candidate's résumé.
Write the asked number of interview questions, each from one source, every source at most once:
- Exactly one question from source 0, the warm-up: the candidate's background and why this role at this company. Difficulty 1.
- With a résumé, one or two questions that quote a résumé line in single quotes, as written (shorten a very long line with …), and ask the candidate to walk you through it.
- The rest behavioural questions about requirements ("Tell me about a time you …"), using the requirement's own key words. Do not ask about degrees, licences, visas, location or salary unless nothing else is left. Never ask "tell me about 5+ years".
- Difficulty from 1 (warm-up) to 5 (hardest). No two questions alike. Each question at most two sentences.
Answer with the source number, the difficulty and the text of each question.`;

/** The model's answer, as its structured output. */
export const modelPlanSchema = z.object({
  questions: z.array(z.object({ source: z.number().int(), difficulty: z.number().int(), text: z.string() })),
});
export type ModelPlan = z.infer<typeof modelPlanSchema>;

/** The sources in the order the model numbers them: the role first, then the requirements, then the résumé's lines. */
export function numberedSources(input: PlanInput, role: QuestionSource): QuestionSource[] {
  return [role, ...input.requirements, ...input.resumeLines];
}

const resumeLabel = (source: QuestionSource) => {
  const line = source as Partial<ResumeLineSource>;
  return [line.title, line.company].filter(Boolean).join(', ');
};

/** The user message: the role, the company, the count and every numbered source. */
export function planRequest(input: PlanInput, sources: readonly QuestionSource[], count: number): string {
  const lines = sources.map((source, index) => {
    if (source.kind === 'role') return `${index}. [role] ${source.text}`;
    if (source.kind === 'resume') return `${index}. [résumé line${resumeLabel(source) ? `, ${resumeLabel(source)}` : ''}] ${source.text}`;
    return `${index}. [requirement] ${source.text}`;
  });
  const head = [
    `Company: ${input.companyName || '(not named)'}`,
    `Job title: ${input.jobTitle}`,
    `Role the candidate targets: ${input.targetRole ?? input.jobTitle}`,
    `Questions to write: ${count}`,
  ];
  if (input.resumeLines.length === 0) head.push('The candidate gave no résumé.');
  return [...head, '', 'Sources:', ...lines].join('\n');
}
