import { useCallback, useState, type Dispatch } from 'react';
import { CONVERSATION_MESSAGES } from '@story/proto';
import { notifyFailure } from '../../../components/toast/notify.ts';
import type { ExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { useProcessText } from '../api/conversation.api.ts';
import { newMessage } from '../../../voice/lib/conversation-messages.ts';
import type { ConversationAction } from '../lib/conversation-reducer.ts';
import type { TurnContext } from '../../../voice/lib/turn-context.ts';

export interface TypedTurn {
  /** The typed message waiting for its reply, if any. */
  pendingText: string | null;
  /** Sends a typed message; resolves true when the reply arrived (the composer then clears). */
  sendText: (text: string) => Promise<boolean>;
}

/**
 * A typed turn: the message is sent with the conversation so far (`turnContext`), and the exchange
 * joins the conversation when the reply comes. `turns` lets one turn, typed or spoken, run at a time.
 */
export function useTypedTurn(turns: ExclusiveTask, turnContext: () => TurnContext, dispatch: Dispatch<ConversationAction>): TypedTurn {
  const processText = useProcessText();
  const [pendingText, setPendingText] = useState<string | null>(null);

  const sendText = useCallback(
    async (text: string): Promise<boolean> => {
      const trimmed = text.trim();
      // The composer refuses a blank message with the specification's toast before it gets here.
      if (!trimmed || turns.isBusy()) return false;
      let replied = false;
      await turns.run(async () => {
        setPendingText(trimmed);
        try {
          const { aiResponse, answerId } = await processText({ text: trimmed, ...turnContext() });
          dispatch({ type: 'answered', message: { ...newMessage(trimmed, aiResponse, new Date().toISOString()), answerId } });
          replied = true;
        } catch (error) {
          notifyFailure(CONVERSATION_MESSAGES.processTextFailed, error);
        } finally {
          setPendingText(null);
        }
      });
      return replied;
    },
    [dispatch, processText, turnContext, turns],
  );

  return { pendingText, sendText };
}
