import { useCallback, useReducer, useState } from 'react';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { hasUnsavedAnswers, type ConversationMessage } from '../../../voice/lib/conversation-messages.ts';
import { conversationReducer, initialConversation } from '../lib/conversation-reducer.ts';
import type { RecordingParams } from '../lib/recording-params.ts';
import { turnContextOf } from '../../../voice/lib/turn-context.ts';
import { useConversationHistory, type ConversationHistory } from './use-conversation-history.ts';
import { useConversationSave, usePracticeAutoSave, type ConversationSave } from './use-conversation-save.ts';
import { useOpening } from './use-opening.ts';
import { useTypedTurn, type TypedTurn } from './use-typed-turn.ts';
import { useVoiceTurn, type VoiceTurn } from './use-voice-turn.ts';

export interface Conversation extends TypedTurn, Omit<VoiceTurn, 'audioArrivals'>, ConversationSave {
  messages: ConversationMessage[];
  /** True while a thread's or snippet's saved history is loading. */
  loadingHistory: ConversationHistory['loading'];
  /** The saved history could not be loaded (an unknown or foreign thread, a failure): nothing to continue. */
  historyFailed: ConversationHistory['failed'];
  /** Loads the saved history again after a failure. */
  retryHistory: ConversationHistory['retry'];
  /** Exchanges that would be lost on leaving: some are not saved (practice saves itself after each reply). */
  atRisk: boolean;
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
 * The conversation of the /recording screen, a reducer's state (`conversationReducer`) that small
 * hooks change: the saved history when continuing, the interviewer's opening question (or the opening of
 * a résumé line's story: `resumeBullet`, which every turn and save then carries), typed and
 * spoken turns (one at a time), the practice's own saves and Save (to the thread, created at the
 * first Save, or to the snippet conversation).
 */
export function useConversation(
  {
    mode,
    threadId,
    snippetId,
    context,
    resumeBullet = null,
    storyRequirement = null,
  }: Pick<RecordingParams, 'mode' | 'threadId' | 'snippetId' | 'context'> & Partial<Pick<RecordingParams, 'resumeBullet' | 'storyRequirement'>>,
  { spoken }: ConversationOptions = { spoken: false },
): Conversation {
  const [state, dispatch] = useReducer(conversationReducer, initialConversation);
  const [createdThreadId, setCreatedThreadId] = useState<string | null>(null);
  const thread = threadId === null ? createdThreadId : String(threadId);
  const history = useConversationHistory({ mode, threadId, snippetId }, state.source, dispatch);
  const ready = !history.loading && !history.failed && state.messages.length === 0;
  const practice = snippetId > 0 || Boolean(context?.trim());
  const openingPending = useOpening({ practice, snippetId, context, resumeBullet, storyRequirement, spoken, ready }, dispatch);

  const turns = useExclusiveTask();
  const turnContext = useCallback(
    () => turnContextOf(state.messages, state.askedAgain, { context, snippetId, threadId: thread, resumeBullet }),
    [state.messages, state.askedAgain, context, snippetId, thread, resumeBullet],
  );
  const typed = useTypedTurn(turns, turnContext, dispatch);
  const { audioArrivals, ...voice } = useVoiceTurn(turns, turnContext, dispatch);

  usePracticeAutoSave(state, snippetId, dispatch);
  const saveTarget = { snippetId, threadId: thread, onThreadCreated: setCreatedThreadId, resumeBullet };
  const saving = useConversationSave(state.messages, saveTarget, audioArrivals, dispatch);

  const answerAgain = useCallback((message: ConversationMessage) => dispatch({ type: 'answer-again', key: message.key }), []);
  const correctTranscript = useCallback((key: string, transcript: string) => dispatch({ type: 'transcript-corrected', key, transcript }), []);

  return {
    messages: state.messages,
    loadingHistory: history.loading,
    historyFailed: history.failed,
    retryHistory: history.retry,
    atRisk: hasUnsavedAnswers(state.messages),
    askedAgain: state.askedAgain,
    answerAgain,
    openingPending,
    correctTranscript,
    ...typed,
    ...voice,
    ...saving,
  };
}
