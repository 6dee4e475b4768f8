import { useEffect, useRef, useState, type Dispatch } from 'react';
import { CONVERSATION_MESSAGES, type ResumeBulletRef } from '@story/proto';
import { serverMessageOr } from '../../../api/failure.ts';
import { notifyFailure } from '../../../components/toast/notify.ts';
import { useFetchOpening } from '../api/conversation.api.ts';
import { openingMessage } from '../../../voice/lib/conversation-messages.ts';
import type { ConversationAction } from '../lib/conversation-reducer.ts';

interface OpeningInput {
  /** The conversation is an interview practice (a snippet, or selected requirements). */
  practice: boolean;
  snippetId: number;
  context: string | undefined;
  /** The résumé bullet whose story is told ("Tell the story behind this line"): the coach opens by naming it. */
  resumeBullet: ResumeBulletRef | null;
  /** A requirement with no story yet ("No story yet: tell one"): the coach opens by asking for a story that shows it. */
  storyRequirement?: string | null;
  /** The plan speaks replies: the question comes spoken. */
  spoken: boolean;
  /** Nothing is on screen and no history is coming: the practice is starting. */
  ready: boolean;
}

/**
 * The interviewer asks first (issue 19): a practice with nothing said yet opens with its question
 * (spoken when the plan speaks replies), once per screen. Should it not come, the person can still
 * answer; should the person speak first, the late question is dropped (the reducer's rule). The story
 * behind a résumé line opens the same way, with the coach naming the line, and so does the story for a
 * requirement (issue 23), the coach naming it. True
 * while it is on its way.
 */
export function useOpening(
  { practice, snippetId, context, resumeBullet, storyRequirement = null, spoken, ready }: OpeningInput,
  dispatch: Dispatch<ConversationAction>,
): boolean {
  const fetchOpening = useFetchOpening();
  const [pending, setPending] = useState(false);
  /** Asked once per screen, however often the inputs change. */
  const asked = useRef(false);

  useEffect(() => {
    if ((!practice && !resumeBullet && !storyRequirement) || !ready || asked.current) return;
    asked.current = true;
    setPending(true);
    const input = {
      ...(context?.trim() ? { context: context.trim() } : {}),
      ...(snippetId > 0 ? { snippetId } : {}),
      ...(resumeBullet ? { resumeBullet } : {}),
      ...(storyRequirement ? { storyRequirement } : {}),
    };
    fetchOpening(input, spoken)
      .then((opening) => {
        const { aiResponse, audioResponse, wordTimings, audioId } = opening;
        const message = openingMessage(aiResponse, new Date().toISOString(), audioResponse ?? null, wordTimings ?? null, audioId ?? null);
        dispatch({ type: 'opening-arrived', message: practice ? message : { ...message, openedByCoach: true } });
      })
      .catch((error: unknown) => notifyFailure(serverMessageOr(error, CONVERSATION_MESSAGES.processTextFailed), error))
      .finally(() => setPending(false));
  }, [practice, ready, context, snippetId, resumeBullet, storyRequirement, spoken, fetchOpening, dispatch]);

  return pending;
}
