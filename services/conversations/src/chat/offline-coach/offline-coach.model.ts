import type { ChatModel, ChatRequest, OpeningRequest } from '../chat-model.ts';
import { interviewOpening, interviewReply } from './interview-coach.ts';
import { extractRequirements } from '@story/language';
import { requirementStoryOpening } from './requirement-story.ts';
import { bulletOpening, storyKnowledgeOf } from './resume-story.ts';
import { storyOpeningReply, storyReply } from './story-coach.ts';
import { storyTitle } from './story-title.ts';
import { hash, TurnWriter, type Turn } from './turn-writer.ts';

/**
 * The offline coach: a deterministic, STAR-guided interviewer. It reads what the person has told
 * across the thread, reflects a short phrase of their own words back, asks for the most important
 * missing part (never a question it already asked in the thread), and summarises a finished story.
 * With interview context it asks behavioural questions built from the selected requirements.
 */
export class OfflineCoachModel implements ChatModel {
  readonly name = 'offline-coach';

  async reply(request: ChatRequest): Promise<string> {
    return coachTurn(request);
  }

  async opening(request: OpeningRequest): Promise<string> {
    return coachOpening(request);
  }

  async titleFor(userMessages: readonly string[]): Promise<string> {
    return storyTitle(userMessages) ?? '';
  }
}

/**
 * The offline coach's first words, synchronously: the first question about the requirements, the
 * story behind a résumé line, a story that shows a requirement, or a story opening.
 */
export function coachOpening(request: OpeningRequest): string {
  const writer = new TurnWriter('', [], hash(`opening|${request.context ?? ''}|${request.storyRequirement ?? ''}`));
  const requirements = request.context ? extractRequirements(request.context) : [];
  const bullet = request.resume?.bullet;
  const storyRequirement = request.storyRequirement?.trim();
  const reply =
    requirements.length > 0
      ? interviewOpening(writer, requirements)
      : bullet
        ? bulletOpening(bullet)
        : storyRequirement
          ? requirementStoryOpening(writer, storyRequirement)
          : storyOpeningReply(writer);
  return reply.replace(/\s+/g, ' ').trim();
}

/** The offline coach's reply, synchronously (the model wraps it). */
export function coachTurn(request: ChatRequest): string {
  const text = request.text.trim();
  const history: Turn[] = request.history.filter((turn) => turn.content.trim().length > 0).map((turn) => ({ role: turn.role, content: turn.content.trim() }));
  const writer = new TurnWriter(text, history, hash(`${text}|${history.length}|${request.context ?? ''}`));
  const requirements = request.context ? extractRequirements(request.context) : [];
  const reply = requirements.length > 0 ? interviewReply(writer, requirements) : storyReply(writer, storyKnowledgeOf(request.resume));
  return reply.replace(/\s+/g, ' ').trim();
}
