import type { FastifyBaseLogger } from 'fastify';
import { HttpError, withinTime } from '@story/service-kit';
import { CONVERSATION_MESSAGES, featuresOfOpening, type OpeningRequest } from '@story/proto';
import type { ProcessTextDeps } from './process-text.service.ts';
import { resumeFieldOf } from './resume-knowledge.ts';

/**
 * The coach's first words, before the person says anything (issue 19): a practice opens with the
 * interviewer's question on screen. A snippet id, when given, must be the caller's; its text is the
 * interview context when none is sent. A résumé bullet ("Tell the story behind this line") must be the caller's
 * too (else 404): the opening asks for its story. A requirement with no story yet (issue 23) makes the story coach
 * ask for a story that shows it. Nothing is recorded: an opening is no answer. A model that
 * fails or is late gives the specification's message as a 502, as a reply does. An opening that is not
 * a story's is interview practice: refused first (403 naming the plan) when the plan lacks it.
 */
export async function openConversation(
  deps: Omit<ProcessTextDeps, 'answers'>,
  userId: number,
  input: OpeningRequest,
  log: FastifyBaseLogger,
): Promise<{ aiResponse: string }> {
  await deps.plans.require(userId, ...featuresOfOpening(input));
  const [snippet, resume] = await Promise.all([
    input.snippetId === undefined ? undefined : deps.snippets.requireOwned(input.snippetId, userId),
    resumeFieldOf(deps.resumes, userId, input.resumeBullet, log),
  ]);
  const context = input.context?.trim() || snippet?.snippetText.trim() || undefined;
  const storyRequirement = input.storyRequirement?.trim() || undefined;
  try {
    const request = { context, ...resume, ...(storyRequirement ? { storyRequirement } : {}) };
    const aiResponse = await withinTime(deps.chatModel.opening(request), deps.timeoutMs, 'chat model gave no opening');
    if (!aiResponse.trim()) throw new Error('chat model gave an empty opening');
    return { aiResponse: aiResponse.trim() };
  } catch (error) {
    log.warn({ err: error, model: deps.chatModel.name }, 'chat opening failed');
    throw new HttpError(502, CONVERSATION_MESSAGES.processTextFailed);
  }
}
