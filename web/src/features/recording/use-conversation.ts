import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { MESSAGES } from '@story/proto';
import { serverMessageOr } from '../../api/http-client.ts';
import { toast } from '../../components/toast/toast-store.ts';
import { CREATE_THREAD_MUTATION, refreshThreadLists, SAVE_CONVERSATION_MUTATION, THREAD_ITEMS_QUERY } from '../threads/threads.graphql.ts';
import { fetchSnippetHistory, processText, saveSnippetConversation } from './conversation.api.ts';
import { buildChatHistory, markSavedThrough, newMessage, savedMessages, toSnippetHistory, unsavedMessages, type ConversationMessage } from './conversation-messages.ts';
import type { RecordingParams } from './recording-params.ts';

const SAVE_FAILED = 'Failed to save conversation. Please try again.';

function errorToast(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}

export interface Conversation {
  messages: ConversationMessage[];
  /** True while a thread's or snippet's saved history is loading. */
  loadingHistory: boolean;
  /** The typed message waiting for its reply, if any. */
  pendingText: string | null;
  saving: boolean;
  /** Sends a typed message; resolves true when the reply arrived (the composer then clears). */
  sendText: (text: string) => Promise<boolean>;
  /** Saves the unsaved exchanges (spec section 7's save rule). */
  save: () => Promise<void>;
}

/**
 * The conversation of the /recording screen: loads a saved thread or snippet conversation when
 * continuing, sends typed turns with the history and context, and saves exchanges to the thread
 * (one per exchange, in order) or to the snippet conversation.
 */
export function useConversation({ mode, threadId, snippetId, context }: Pick<RecordingParams, 'mode' | 'threadId' | 'snippetId' | 'context'>): Conversation {
  const client = useApolloClient();
  const [messages, setMessagesState] = useState<ConversationMessage[]>([]);
  const messagesRef = useRef<ConversationMessage[]>([]);
  const [loadingHistory, setLoadingHistory] = useState(mode === 'continue' && (snippetId > 0 || threadId !== null));
  const [pendingText, setPendingText] = useState<string | null>(null);
  const sendingRef = useRef(false);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const threadIdRef = useRef<string | null>(threadId === null ? null : String(threadId));
  const creatingThread = useRef<Promise<string | null> | null>(null);

  // Async work reads the latest messages from the ref; the state renders them.
  const updateMessages = useCallback((change: (current: ConversationMessage[]) => ConversationMessage[]) => {
    messagesRef.current = change(messagesRef.current);
    setMessagesState(messagesRef.current);
  }, []);

  useEffect(() => {
    threadIdRef.current = threadId === null ? null : String(threadId);
  }, [threadId]);

  useEffect(() => {
    if (mode !== 'continue' || (snippetId === 0 && threadId === null)) {
      setLoadingHistory(false);
      return;
    }
    let cancelled = false;
    setLoadingHistory(true);
    const load = async (): Promise<ConversationMessage[]> => {
      if (snippetId > 0) return savedMessages(await fetchSnippetHistory(snippetId));
      const { data } = await client.query({ query: THREAD_ITEMS_QUERY, variables: { id: String(threadId) }, fetchPolicy: 'network-only' });
      if (!data?.thread) throw new Error(`Thread ${String(threadId)} was not found`);
      return savedMessages(data.thread.items.map((item) => ({ ...item, timestamp: item.createdAt })));
    };
    load()
      .then((loaded) => {
        if (!cancelled) updateMessages(() => loaded);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Failed to load previous conversations.', error);
        errorToast('Failed to load previous conversations.');
      })
      .finally(() => {
        if (!cancelled) setLoadingHistory(false);
      });
    return () => {
      cancelled = true;
    };
  }, [client, mode, threadId, snippetId, updateMessages]);

  /** The thread to save to, created on first need when the page was opened without one. */
  const ensureThread = useCallback((): Promise<string | null> => {
    if (threadIdRef.current) return Promise.resolve(threadIdRef.current);
    creatingThread.current ??= client
      .mutate({ mutation: CREATE_THREAD_MUTATION })
      .then(({ data }) => {
        if (!data) throw new Error('createThread returned no data');
        threadIdRef.current = data.createThread.id;
        refreshThreadLists(client);
        return data.createThread.id;
      })
      .catch((error: unknown) => {
        console.error('Failed to create new conversation thread.', error);
        errorToast('Failed to create new conversation thread.');
        return null;
      })
      .finally(() => {
        creatingThread.current = null;
      });
    return creatingThread.current;
  }, [client]);

  const autoSaveSnippet = useCallback(
    (all: ConversationMessage[]) => {
      saveSnippetConversation(snippetId, toSnippetHistory(all)).catch((error: unknown) => {
        // Spec section 8: failures of the snippet auto-save are only logged.
        console.error('Auto-save of the snippet conversation failed', error);
      });
    },
    [snippetId],
  );

  const sendText = useCallback(
    async (text: string): Promise<boolean> => {
      const trimmed = text.trim();
      if (!trimmed) {
        errorToast(MESSAGES.textEmpty);
        return false;
      }
      if (sendingRef.current) return false;
      sendingRef.current = true;
      setPendingText(trimmed);
      // A new conversation gets its thread when it starts; a snippet conversation saves elsewhere.
      if (snippetId === 0) void ensureThread();
      try {
        const aiResponse = await processText({
          text: trimmed,
          conversationHistory: buildChatHistory(messagesRef.current),
          ...(context ? { context } : {}),
        });
        updateMessages((current) => [...current, newMessage(trimmed, aiResponse, new Date().toISOString())]);
        if (snippetId > 0) autoSaveSnippet(messagesRef.current);
        return true;
      } catch (error) {
        console.error('Failed to process the text', error);
        errorToast('Failed to process the text');
        return false;
      } finally {
        sendingRef.current = false;
        setPendingText(null);
      }
    },
    [autoSaveSnippet, context, ensureThread, snippetId, updateMessages],
  );

  const saveToThread = useCallback(
    async (pending: ConversationMessage[]) => {
      const id = await ensureThread();
      if (!id) return;
      let lastSavedKey: string | null = null;
      try {
        for (const message of pending) {
          await client.mutate({ mutation: SAVE_CONVERSATION_MUTATION, variables: { threadId: id, userMessage: message.userMessage, aiResponse: message.aiResponse } });
          lastSavedKey = message.key;
        }
        toast({ title: 'Success', description: 'Conversation saved successfully' });
      } catch (error) {
        console.error(SAVE_FAILED, error);
        errorToast(SAVE_FAILED);
      } finally {
        const savedKey = lastSavedKey;
        if (savedKey) {
          updateMessages((current) => markSavedThrough(current, savedKey));
          refreshThreadLists(client);
        }
      }
    },
    [client, ensureThread, updateMessages],
  );

  const saveToSnippet = useCallback(
    async (snapshot: ConversationMessage[]) => {
      const last = snapshot.at(-1);
      if (!last) return;
      try {
        await saveSnippetConversation(snippetId, toSnippetHistory(snapshot));
        updateMessages((current) => markSavedThrough(current, last.key));
        toast({ title: 'Success', description: 'Conversation saved successfully' });
      } catch (error) {
        console.error(SAVE_FAILED, error);
        errorToast(serverMessageOr(error, SAVE_FAILED));
      }
    },
    [snippetId, updateMessages],
  );

  const save = useCallback(async () => {
    if (savingRef.current) return;
    const snapshot = messagesRef.current;
    const pending = unsavedMessages(snapshot);
    if (pending.length === 0) return;
    savingRef.current = true;
    setSaving(true);
    try {
      if (snippetId > 0) await saveToSnippet(snapshot);
      else await saveToThread(pending);
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [saveToSnippet, saveToThread, snippetId]);

  return { messages, loadingHistory, pendingText, saving, sendText, save };
}
