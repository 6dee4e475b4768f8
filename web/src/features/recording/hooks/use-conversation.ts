import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { CONVERSATION_MESSAGES, saveConversationResponseSchema, type ReplyAudioPart } from '@story/proto';
import { refusalMessageOr } from '../../../api/graphql-refusal.ts';
import { httpClient, serverMessageOr } from '../../../api/http-client.ts';
import { notifyError, notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import type { ToastHandle } from '../../../components/toast/toast-store.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { CREATE_THREAD_MUTATION, refreshThreadLists, SAVE_CONVERSATION_MUTATION, THREAD_ITEMS_QUERY } from '../../threads/api/threads.graphql.ts';
import { fetchOpening, processText } from '../api/conversation.api.ts';
import { fetchSnippetHistory, saveSnippetConversation } from '../api/snippet-conversations.api.ts';
import {
  buildChatHistory,
  hasUnsavedAnswers,
  markSavedThrough,
  newMessage,
  openingMessage,
  savedMessages,
  toSnippetHistory,
  uncertainSpans,
  unsavedMessages,
  withCorrectedTranscript,
  withAudioPiece,
  withFirstAudioPiece,
  withoutPendingAudio,
  type ConversationMessage,
} from '../lib/conversation-messages.ts';
import type { RecordingParams, SavedConversation } from '../lib/recording-params.ts';
import type { SpokenTurn, TurnContext } from '../api/voice.api.ts';

export interface Conversation {
  messages: ConversationMessage[];
  /** True while a thread's or snippet's saved history is loading. */
  loadingHistory: boolean;
  /** The saved history could not be loaded (an unknown or foreign thread, a failure): nothing to continue. */
  historyFailed: boolean;
  /** Loads the saved history again after a failure. */
  retryHistory: () => void;
  /** Where the conversation was first saved on this page (a new thread, or the snippet), or null before that. */
  savedTo: SavedConversation | null;
  /** Exchanges that would be lost on leaving: some are not saved (practice saves itself after each reply). */
  atRisk: boolean;
  /** The typed message waiting for its reply, if any. */
  pendingText: string | null;
  saving: boolean;
  /** Sends a typed message; resolves true when the reply arrived (the composer then clears). */
  sendText: (text: string) => Promise<boolean>;
  /** Saves the unsaved exchanges (spec section 7's save rule). */
  save: () => Promise<void>;
  /** A spoken turn whose answer is being made: what to say meanwhile ("Processing your recording..."), or null. */
  pendingVoice: string | null;
  /**
   * Runs a spoken turn (a recording, an upload): `answer` gets the history and context to send and
   * resolves with the transcript and reply, which join the conversation. Resolves true on success;
   * a failure is told with the server's message, or `failure`.
   */
  sendVoice: (label: string, answer: (turn: TurnContext) => Promise<SpokenTurn>, failure: string) => Promise<boolean>;
  /** Changes what the pending spoken turn says (the upload's steps). */
  setPendingVoice: (label: string) => void;
  /** The coach's question asked again ("Answer this again"), which the next turn answers; null when none is. */
  askedAgain: string | null;
  /** Asks again the question that `message` answered: the next answer is another attempt at it. */
  answerAgain: (message: ConversationMessage) => void;
  /** True while the interviewer's first question is on its way: a practice starts with it (issue 19). */
  openingPending: boolean;
  /**
   * Puts the person's own words in place of what was heard (issue 19): a practice saves itself again;
   * a thread keeps them for its Save. (The answer's feedback is scored again by the caller.)
   */
  correctTranscript: (key: string, transcript: string) => void;
}

/** How the conversation is held: `spoken` when its replies may be spoken (a voice or upload screen). */
export interface ConversationOptions {
  spoken: boolean;
}

/**
 * The conversation of the /recording screen: loads a saved thread or snippet conversation when
 * continuing, sends typed turns with the history and context, and saves exchanges to the thread
 * (one per exchange, in order) or to the snippet conversation.
 */
export function useConversation({ mode, threadId, snippetId, context }: Pick<RecordingParams, 'mode' | 'threadId' | 'snippetId' | 'context'>, { spoken }: ConversationOptions = { spoken: false }): Conversation {
  const client = useApolloClient();
  const [messages, setMessagesState] = useState<ConversationMessage[]>([]);
  const messagesRef = useRef<ConversationMessage[]>([]);
  const [loadingHistory, setLoadingHistory] = useState(mode === 'continue' && (snippetId > 0 || threadId !== null));
  const [historyFailed, setHistoryFailed] = useState(false);
  const [historyAttempt, setHistoryAttempt] = useState(0);
  const [savedTo, setSavedTo] = useState<SavedConversation | null>(null);
  /** Which saved conversation the messages on screen belong to ("thread:5", "snippet:3"), so the URL catching up with a first save does not load it again. */
  const conversationKey = useRef<string | null>(null);
  const [pendingText, setPendingText] = useState<string | null>(null);
  const [pendingVoice, setPendingVoiceState] = useState<string | null>(null);
  const sendingRef = useRef(false);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const threadIdRef = useRef<string | null>(threadId === null ? null : String(threadId));
  const creatingThread = useRef<Promise<string | null> | null>(null);
  const [askedAgain, setAskedAgain] = useState<string | null>(null);
  const askedAgainRef = useRef<string | null>(null);
  /** The toast saying the saved history did not load: it closes when a retry loads it. */
  const historyToast = useRef<ToastHandle | null>(null);
  /** Replies whose later pieces of speech are still coming, by message key: a Save waits for them. */
  const audioArrivals = useRef(new Map<string, Promise<void>>());

  // Async work reads the latest messages from the ref; the state renders them.
  const updateMessages = useCallback((change: (current: ConversationMessage[]) => ConversationMessage[]) => {
    messagesRef.current = change(messagesRef.current);
    setMessagesState(messagesRef.current);
  }, []);

  useEffect(() => {
    threadIdRef.current = threadId === null ? null : String(threadId);
  }, [threadId]);

  useAsyncEffect(
    () => {
      const key = snippetId > 0 ? `snippet:${snippetId}` : threadId === null ? null : `thread:${threadId}`;
      if (mode !== 'continue' || key === null || key === conversationKey.current) {
        setLoadingHistory(false);
        return null;
      }
      setLoadingHistory(true);
      setHistoryFailed(false);
      const load = async (): Promise<ConversationMessage[]> => {
        if (snippetId > 0) return savedMessages(await fetchSnippetHistory(snippetId));
        const { data } = await client.query({ query: THREAD_ITEMS_QUERY, variables: { id: String(threadId) }, fetchPolicy: 'network-only' });
        if (!data?.thread) throw new Error(`Thread ${String(threadId)} was not found`);
        return savedMessages(data.thread.items.map((item) => ({ ...item, timestamp: item.createdAt })));
      };
      return load();
    },
    {
      onSuccess: (loaded) => {
        conversationKey.current = snippetId > 0 ? `snippet:${snippetId}` : `thread:${String(threadId)}`;
        updateMessages(() => loaded);
        historyToast.current?.dismiss();
        historyToast.current = null;
      },
      onError: (error) => {
        setHistoryFailed(true);
        historyToast.current = notifyFailure(CONVERSATION_MESSAGES.loadFailed, error);
      },
      onSettled: () => setLoadingHistory(false),
    },
    [client, mode, threadId, snippetId, updateMessages, historyAttempt],
  );

  const retryHistory = useCallback(() => setHistoryAttempt((attempt) => attempt + 1), []);

  const openingPending = useOpening({ practice: snippetId > 0 || Boolean(context?.trim()), snippetId, context, spoken, ready: !loadingHistory && !historyFailed && messages.length === 0, messagesRef, updateMessages });

  /**
   * The thread to save to, created at the first Save when the page was opened without one: a thread
   * never exists without a saved message because someone only typed, spoke or left.
   */
  const ensureThread = useCallback((): Promise<string | null> => {
    if (threadIdRef.current) return Promise.resolve(threadIdRef.current);
    creatingThread.current ??= client
      .mutate({ mutation: CREATE_THREAD_MUTATION })
      .then(({ data }) => {
        if (!data) throw new Error('createThread returned no data');
        threadIdRef.current = data.createThread.id;
        conversationKey.current = `thread:${data.createThread.id}`;
        return data.createThread.id;
      })
      .catch((error: unknown) => {
        notifyFailure(refusalMessageOr(error, CONVERSATION_MESSAGES.createThreadFailed), error);
        return null;
      })
      .finally(() => {
        creatingThread.current = null;
      });
    return creatingThread.current;
  }, [client]);

  /** What a turn sends besides the answer: the history (with a question asked again last), the context, and where its feedback is filed. */
  const turnContext = useCallback((): TurnContext => {
    const question = askedAgainRef.current;
    const history = buildChatHistory(messagesRef.current);
    const conversationHistory = question ? [...history, { role: 'assistant' as const, content: question }] : history;
    const filedUnder = snippetId > 0 ? { snippetId } : threadIdRef.current ? { threadId: Number(threadIdRef.current) } : {};
    return { conversationHistory, ...(context ? { context } : {}), ...filedUnder };
  }, [context, snippetId]);

  /** The new exchange of a turn; it answers the question asked again, if one was. */
  const addExchange = useCallback(
    (message: ConversationMessage) => {
      const question = askedAgainRef.current;
      askedAgainRef.current = null;
      setAskedAgain(null);
      updateMessages((current) => [...current, question ? { ...message, askedAgain: question } : message]);
    },
    [updateMessages],
  );

  const answerAgain = useCallback((message: ConversationMessage) => {
    const index = messagesRef.current.findIndex((candidate) => candidate.key === message.key);
    const question = message.askedAgain ?? messagesRef.current[index - 1]?.aiResponse;
    if (!question) return;
    askedAgainRef.current = question;
    setAskedAgain(question);
  }, []);

  /** Practice saves itself after each reply; once it has, the exchanges say "Saved" as after a Save. */
  const autoSaveSnippet = useCallback(
    (all: ConversationMessage[]) => {
      const last = all.at(-1);
      if (!last) return;
      saveSnippetConversation(snippetId, toSnippetHistory(all)).then(
        () => updateMessages((current) => markSavedThrough(current, last.key)),
        (error: unknown) => {
          // Spec section 8: failures of the snippet auto-save are only logged.
          console.error('Auto-save of the snippet conversation failed', error);
        },
      );
    },
    [snippetId, updateMessages],
  );

  const sendText = useCallback(
    async (text: string): Promise<boolean> => {
      const trimmed = text.trim();
      // The composer refuses a blank message with the specification's toast before it gets here.
      if (!trimmed) return false;
      if (sendingRef.current) return false;
      sendingRef.current = true;
      setPendingText(trimmed);
      try {
        const { aiResponse, answerId } = await processText({ text: trimmed, ...turnContext() });
        addExchange({ ...newMessage(trimmed, aiResponse, new Date().toISOString()), answerId });
        if (snippetId > 0) autoSaveSnippet(messagesRef.current);
        return true;
      } catch (error) {
        notifyFailure(CONVERSATION_MESSAGES.processTextFailed, error);
        return false;
      } finally {
        sendingRef.current = false;
        setPendingText(null);
      }
    },
    [addExchange, autoSaveSnippet, snippetId, turnContext],
  );

  const setPendingVoice = useCallback((label: string) => {
    if (sendingRef.current) setPendingVoiceState(label);
  }, []);

  /** Takes the later pieces of a reply's speech into its message as they come. */
  const receiveAudio = useCallback(
    async (key: string, pieces: AsyncIterable<ReplyAudioPart>) => {
      const change = (update: (message: ConversationMessage) => ConversationMessage) => updateMessages((current) => current.map((message) => (message.key === key ? update(message) : message)));
      try {
        for await (const part of pieces) change((message) => withAudioPiece(message, part));
      } catch (error) {
        // The reply's words are all on screen; only the rest of its speech is missing.
        console.error('The rest of the spoken reply did not come', error);
      } finally {
        change(withoutPendingAudio);
        audioArrivals.current.delete(key);
      }
    },
    [updateMessages],
  );

  const sendVoice = useCallback(
    async (label: string, answer: (turn: TurnContext) => Promise<SpokenTurn>, failure: string): Promise<boolean> => {
      if (sendingRef.current) return false;
      sendingRef.current = true;
      setPendingVoiceState(label);
      try {
        const result = await answer(turnContext());
        const heard = {
          ...newMessage(result.transcript, result.aiResponse, new Date().toISOString(), result.audioResponse ?? null, result.wordTimings ?? null),
          rawTranscript: result.rawTranscript,
          spoken: true,
          answerId: result.answerId ?? null,
          uncertain: uncertainSpans(result.transcript, result.transcriptWords),
        };
        const message = result.moreAudio ? withFirstAudioPiece(heard, (result.audioParts ?? 1) - 1) : heard;
        addExchange(message);
        if (result.moreAudio) audioArrivals.current.set(message.key, receiveAudio(message.key, result.moreAudio));
        if (snippetId > 0) autoSaveSnippet(messagesRef.current);
        return true;
      } catch (error) {
        notifyFailure(serverMessageOr(error, failure), error);
        return false;
      } finally {
        sendingRef.current = false;
        setPendingVoiceState(null);
      }
    },
    [addExchange, autoSaveSnippet, receiveAudio, snippetId, turnContext],
  );

  const saveToThread = useCallback(
    async (unsaved: ConversationMessage[]) => {
      const id = await ensureThread();
      if (!id) return;
      // A reply still being spoken is saved with all of its speech: its last pieces are a moment away.
      await Promise.all(unsaved.map((message) => audioArrivals.current.get(message.key)));
      const pending = unsaved.map((message) => messagesRef.current.find((latest) => latest.key === message.key) ?? message);
      let lastSavedKey: string | null = null;
      try {
        for (const message of pending) {
          // A spoken reply is saved with its audio (REST carries it; the GraphQL mutation does not).
          if (message.audioResponse) {
            const body = { userMessage: message.userMessage, aiResponse: message.aiResponse, threadId: Number(id), audioResponse: message.audioResponse, ...(message.answerId ? { answerId: message.answerId } : {}) };
            await httpClient.post('/api/conversations', body, { parse: (data) => saveConversationResponseSchema.parse(data) });
          } else {
            await client.mutate({ mutation: SAVE_CONVERSATION_MUTATION, variables: { threadId: id, userMessage: message.userMessage, aiResponse: message.aiResponse, answerId: message.answerId ?? null } });
          }
          lastSavedKey = message.key;
        }
        notifySuccess(CONVERSATION_MESSAGES.saved);
      } catch (error) {
        // Spec section 8: the save failure's text, or the server's message (a quota says what to do).
        notifyFailure(refusalMessageOr(error, serverMessageOr(error, CONVERSATION_MESSAGES.saveFailed)), error);
      } finally {
        const savedKey = lastSavedKey;
        if (savedKey) {
          updateMessages((current) => markSavedThrough(current, savedKey));
          setSavedTo((current) => current ?? { threadId: id });
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
        conversationKey.current = `snippet:${snippetId}`;
        setSavedTo((current) => current ?? { snippetId });
        notifySuccess(CONVERSATION_MESSAGES.saved);
      } catch (error) {
        console.error(CONVERSATION_MESSAGES.saveFailed, error);
        notifyError(serverMessageOr(error, CONVERSATION_MESSAGES.saveFailed));
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

  const correctTranscript = useCallback(
    (key: string, transcript: string) => {
      updateMessages((current) => current.map((message) => (message.key === key ? withCorrectedTranscript(message, transcript) : message)));
      if (snippetId > 0) autoSaveSnippet(messagesRef.current);
    },
    [autoSaveSnippet, snippetId, updateMessages],
  );

  const atRisk = hasUnsavedAnswers(messages);

  return { messages, loadingHistory, historyFailed, retryHistory, savedTo, atRisk, pendingText, saving, sendText, save, pendingVoice, sendVoice, setPendingVoice, askedAgain, answerAgain, openingPending, correctTranscript };
}

interface OpeningInput {
  /** The conversation is an interview practice (a snippet, or selected requirements). */
  practice: boolean;
  snippetId: number;
  context: string | undefined;
  spoken: boolean;
  /** Nothing is on screen and no history is coming: the practice is starting. */
  ready: boolean;
  messagesRef: RefObject<ConversationMessage[]>;
  updateMessages: (change: (current: ConversationMessage[]) => ConversationMessage[]) => void;
}

/**
 * The interviewer asks first (issue 19): a practice with nothing said yet opens with its question
 * (spoken when the plan speaks replies), once per screen. Should it not come, the person can still
 * answer; should the person speak first, the late question is dropped. True while it is on its way.
 */
function useOpening({ practice, snippetId, context, spoken, ready, messagesRef, updateMessages }: OpeningInput): boolean {
  const [pending, setPending] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (!practice || !ready || asked.current) return;
    asked.current = true;
    setPending(true);
    const input = { ...(context?.trim() ? { context: context.trim() } : {}), ...(snippetId > 0 ? { snippetId } : {}) };
    fetchOpening(input, spoken)
      .then((opening) => {
        if (messagesRef.current.length > 0) return;
        updateMessages(() => [openingMessage(opening.aiResponse, new Date().toISOString(), opening.audioResponse ?? null, opening.wordTimings ?? null)]);
      })
      .catch((error: unknown) => notifyFailure(serverMessageOr(error, CONVERSATION_MESSAGES.processTextFailed), error))
      .finally(() => setPending(false));
  }, [practice, ready, context, snippetId, spoken, messagesRef, updateMessages]);

  return pending;
}
