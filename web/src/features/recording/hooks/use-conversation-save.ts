import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject } from 'react';
import { CONVERSATION_MESSAGES, type ResumeBulletRef } from '@story/proto';
import { refusalMessageOr } from '../../../api/graphql-refusal.ts';
import { serverMessageOr } from '../../../api/http-client.ts';
import { notifyError, notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { useCreateThread, useRefreshThreadLists } from '../../threads/index.ts';
import { useSaveExchange } from '../api/conversation.api.ts';
import { saveSnippetConversation } from '../../../api/snippet-conversations.api.ts';
import { toSnippetHistory, unsavedMessages, type ConversationMessage } from '../../../voice/lib/conversation-messages.ts';
import type { ConversationAction, ConversationState } from '../lib/conversation-reducer.ts';
import type { SavedConversation } from '../lib/recording-params.ts';
import type { ArrivedAudio, AudioArrivals } from './use-voice-turn.ts';

export interface ConversationSave {
  saving: boolean;
  /** Saves the unsaved exchanges (spec section 7's save rule). */
  save: () => Promise<void>;
  /** Where the conversation was first saved on this page (a new thread, or the snippet), or null before that. */
  savedTo: SavedConversation | null;
}

interface SaveTarget {
  snippetId: number;
  /** The thread saved to: the page's, or the one a Save created; null before there is one. */
  threadId: string | null;
  /** Told the thread a first Save created: a thread never exists without a saved message. */
  onThreadCreated: (threadId: string) => void;
  /** The résumé bullet whose story the conversation tells: each save names it, and the thread is linked to it. */
  resumeBullet?: ResumeBulletRef | null;
}

/** Practice saves itself after each reply and each correction; once it has, the exchanges say "Saved" as after a Save. */
export function usePracticeAutoSave(
  { messages, changes }: Pick<ConversationState, 'messages' | 'changes'>,
  snippetId: number,
  dispatch: Dispatch<ConversationAction>,
): void {
  /** The last change already being saved. */
  const savedChange = useRef(0);
  useEffect(() => {
    const last = messages.at(-1);
    if (snippetId <= 0 || changes === savedChange.current || !last) return;
    savedChange.current = changes;
    saveSnippetConversation(snippetId, toSnippetHistory(messages)).then(
      () => dispatch({ type: 'saved', through: last.key }),
      (error: unknown) => {
        // Spec section 8: failures of the snippet auto-save are only logged.
        console.error('Auto-save of the snippet conversation failed', error);
      },
    );
  }, [changes, messages, snippetId, dispatch]);
}

/** Saves a thread's unsaved exchanges one by one, in order; the thread is created first when there is none. */
function useSaveToThread(
  { threadId, onThreadCreated, resumeBullet }: SaveTarget,
  dispatch: Dispatch<ConversationAction>,
  setSavedTo: Dispatch<(current: SavedConversation | null) => SavedConversation | null>,
) {
  const createThread = useCreateThread();
  const saveExchange = useSaveExchange();
  const refreshThreadLists = useRefreshThreadLists();

  const ensureThread = useCallback(async (): Promise<string | null> => {
    if (threadId) return threadId;
    try {
      const created = await createThread();
      onThreadCreated(created);
      dispatch({ type: 'thread-created', threadId: created });
      return created;
    } catch (error) {
      notifyFailure(refusalMessageOr(error, CONVERSATION_MESSAGES.createThreadFailed), error);
      return null;
    }
  }, [threadId, createThread, onThreadCreated, dispatch]);

  return useCallback(
    async (unsaved: ConversationMessage[], audioComing: (Promise<ArrivedAudio> | undefined)[]) => {
      const id = await ensureThread();
      if (!id) return;
      // A reply still being spoken is saved with all of its speech: its last pieces are a moment away.
      const audio = await Promise.all(audioComing);
      let lastSavedKey: string | null = null;
      try {
        for (const [index, message] of unsaved.entries()) {
          const arrived = audio[index];
          await saveExchange(id, {
            ...message,
            audioResponse: arrived?.audioResponse ?? message.audioResponse,
            audioId: arrived ? arrived.audioId : (message.audioId ?? null),
            resumeBullet,
          });
          lastSavedKey = message.key;
        }
        notifySuccess(CONVERSATION_MESSAGES.saved);
      } catch (error) {
        // Spec section 8: the save failure's text, or the server's message (a quota says what to do).
        notifyFailure(refusalMessageOr(error, serverMessageOr(error, CONVERSATION_MESSAGES.saveFailed)), error);
      } finally {
        if (lastSavedKey) {
          dispatch({ type: 'saved', through: lastSavedKey });
          setSavedTo((current) => current ?? { threadId: id });
          refreshThreadLists();
        }
      }
    },
    [ensureThread, saveExchange, dispatch, setSavedTo, refreshThreadLists, resumeBullet],
  );
}

/**
 * Save: a thread's unsaved exchanges (one per exchange, in order), or the whole practice
 * conversation of a snippet; one Save at a time.
 */
export function useConversationSave(
  messages: readonly ConversationMessage[],
  target: SaveTarget,
  audioArrivals: RefObject<AudioArrivals>,
  dispatch: Dispatch<ConversationAction>,
): ConversationSave {
  const { snippetId } = target;
  const [savedTo, setSavedTo] = useState<SavedConversation | null>(null);
  const saving = useExclusiveTask();
  const saveToThread = useSaveToThread(target, dispatch, setSavedTo);

  const saveToSnippet = useCallback(
    async (snapshot: readonly ConversationMessage[]) => {
      const last = snapshot.at(-1);
      if (!last) return;
      try {
        await saveSnippetConversation(snippetId, toSnippetHistory(snapshot));
        dispatch({ type: 'saved', through: last.key, source: `snippet:${snippetId}` });
        setSavedTo((current) => current ?? { snippetId });
        notifySuccess(CONVERSATION_MESSAGES.saved);
      } catch (error) {
        console.error(CONVERSATION_MESSAGES.saveFailed, error);
        notifyError(serverMessageOr(error, CONVERSATION_MESSAGES.saveFailed));
      }
    },
    [snippetId, dispatch],
  );

  const save = useCallback(async () => {
    const pending = unsavedMessages(messages);
    if (saving.isBusy() || pending.length === 0) return;
    const audioComing = pending.map((message) => audioArrivals.current.get(message.key));
    await saving.run(() => (snippetId > 0 ? saveToSnippet(messages) : saveToThread(pending, audioComing)));
  }, [messages, saving, audioArrivals, snippetId, saveToSnippet, saveToThread]);

  return { saving: saving.busy, save, savedTo };
}
