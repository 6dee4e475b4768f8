import { useCallback, useRef, useState, type Dispatch } from 'react';
import { CONVERSATION_MESSAGES } from '@story/proto';
import { notifyFailure } from '../../../components/toast/notify.ts';
import type { ToastHandle } from '../../../components/toast/toast-store.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { useLoadThreadItems } from '../../threads/index.ts';
import { fetchSnippetHistory } from '../../../api/snippet-conversations.api.ts';
import { savedMessages } from '../../../voice/lib/conversation-messages.ts';
import type { ConversationAction } from '../lib/conversation-reducer.ts';
import type { RecordingParams } from '../lib/recording-params.ts';

export interface ConversationHistory {
  /** True while a thread's or snippet's saved history is loading. */
  loading: boolean;
  /** The saved history could not be loaded (an unknown or foreign thread, a failure): nothing to continue. */
  failed: boolean;
  /** Loads the saved history again after a failure. */
  retry: () => void;
}

/** Which saved conversation the page continues ("snippet:3", "thread:5"), or null when it starts a new one. */
const sourceOf = ({ threadId, snippetId }: Pick<RecordingParams, 'threadId' | 'snippetId'>): string | null =>
  snippetId > 0 ? `snippet:${snippetId}` : threadId === null ? null : `thread:${threadId}`;

/**
 * Continuing (mode=continue), loads the saved thread or snippet conversation into the screen's
 * conversation, unless what is on screen already is that one (`shown`: the address caught up with
 * a first Save). A failure says so in a toast, which closes when a retry loads it.
 */
export function useConversationHistory(
  { mode, threadId, snippetId }: Pick<RecordingParams, 'mode' | 'threadId' | 'snippetId'>,
  shown: string | null,
  dispatch: Dispatch<ConversationAction>,
): ConversationHistory {
  const loadThreadItems = useLoadThreadItems();
  const [loading, setLoading] = useState(mode === 'continue' && (snippetId > 0 || threadId !== null));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** The toast saying the saved history did not load: it closes when a retry loads it. */
  const failureToast = useRef<ToastHandle | null>(null);
  const source = sourceOf({ threadId, snippetId });

  useAsyncEffect(
    () => {
      if (mode !== 'continue' || source === null || source === shown) {
        setLoading(false);
        return null;
      }
      setLoading(true);
      setFailed(false);
      if (snippetId > 0) return fetchSnippetHistory(snippetId).then(savedMessages);
      return loadThreadItems(String(threadId)).then((items) => savedMessages(items.map((item) => ({ ...item, timestamp: item.createdAt }))));
    },
    {
      onSuccess: (messages) => {
        if (source !== null) dispatch({ type: 'history-loaded', source, messages });
        failureToast.current?.dismiss();
        failureToast.current = null;
      },
      onError: (error) => {
        setFailed(true);
        failureToast.current = notifyFailure(CONVERSATION_MESSAGES.loadFailed, error);
      },
      onSettled: () => setLoading(false),
    },
    [mode, source, shown, snippetId, threadId, loadThreadItems, dispatch, attempt],
  );

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { loading, failed, retry };
}
