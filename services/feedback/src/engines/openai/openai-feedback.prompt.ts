import { z } from 'zod';
import { ASSESSMENT_DIMENSIONS, STAR_PARTS } from '@story/proto';
import type { AnswerToAssess } from '../feedback-engine.ts';

/**
 * What the model must return (OpenAI structured output, strict): quotes as the answer's exact words,
 * which the engine then finds in the answer; scores it keeps to 0-10.
 */
export const modelFeedbackSchema = z.object({
  star: z.array(
    z.object({
      part: z.enum(STAR_PARTS),
      present: z.boolean(),
      quotes: z.array(z.string()),
      prompt: z.string().nullable(),
    }),
  ),
  assessment: z.array(
    z.object({
      dimension: z.enum(ASSESSMENT_DIMENSIONS),
      score: z.number().int(),
      quote: z.string(),
      requirement: z.string().nullable(),
      comment: z.string(),
    }),
  ),
});
export type ModelFeedback = z.infer<typeof modelFeedbackSchema>;

export const FEEDBACK_SYSTEM_PROMPT = `You are an interview coach giving feedback on one answer to one question.
Return JSON only, in the given schema.

STAR: for each of situation, task, action and result, say whether the answer contains it. For a part
that is present, give in "quotes" one or two short spans copied EXACTLY, character for character, from
the answer (never paraphrase, never join separate spans). "action" means what the speaker did
personally ("I ..."); what a team did ("we ...") is not the speaker's action. For a missing part give
in "prompt" one concrete question built on the answer's own words (for example: You said what the
team did; what did you do?); for a present part, prompt is null.

Assessment: score each dimension from 0 to 10:
- relevance: how directly the answer shows the requirement the question asked about (or, without
  requirements, the question's subject);
- specificity: names, numbers, tools, places and moments rather than vague words;
- ownership: what the speaker did ("I") rather than the team ("we");
- impact: a result, measured where possible;
- structure: situation, actions, result in order, at a length of one to two minutes spoken.
For each, "quote" is one short span copied EXACTLY from the answer, and "comment" is ONE sentence that
contains that quote in double quotation marks and names the requirement (or the question) it does or
does not show; "requirement" is that requirement as written, or null without requirements.
Judge only what the answer says. Be exact and kind.`;

/** Added for a turn of a story thread: the story so far is judged, not the turn alone. */
export const STORY_TURN_PROMPT = `This answer is one turn of a story the person tells over several turns (or of an interview answer,
answering a follow-up question); the earlier turns are given before it. Judge the story told so far: a STAR part
is present when any turn told it, but quote only the latest answer (leave quotes empty for a part only
earlier turns told). For a missing part, the prompt says what to add next. A turn is not a whole
answer: never judge its length, nor call it short.`;

/** The user message: the requirements when practising, a story's earlier turns, the question, and the answer. */
export function feedbackRequest(input: AnswerToAssess): string {
  const requirements = input.requirements?.trim() ? `Selected requirements of the job:\n${input.requirements.trim()}\n\n` : '';
  const earlier = input.earlier?.length
    ? `The story so far (earlier turns, oldest first):\n${input.earlier.map((turn, i) => `${i + 1}. Coach: ${turn.question.trim() || '(none)'}\n   Person: ${turn.answer.trim()}`).join('\n')}\n\n`
    : '';
  const question = input.question.trim() ? `Question asked:\n${input.question.trim()}\n\n` : 'Question asked: (none: the answer opened the conversation)\n\n';
  return `${requirements}${earlier}${question}Answer:\n${input.answer}`;
}
