import type { ReplyAudioPart } from '@story/proto';
import {
  markSavedThrough,
  withAudioPiece,
  withCorrectedTranscript,
  withoutPendingAudio,
  type ConversationMessage,
} from '../../../voice/lib/conversation-messages.ts';

/** The conversation on the /recording screen: its exchanges and what the next answer answers. */
export interface ConversationState {
  /** The exchanges, oldest first. */
  messages: ConversationMessage[];
  /** The coach's question asked again ("Answer this again"), which the next answer answers; null when none is. */
  askedAgain: string | null;
  /**
   * Which saved conversation the exchanges belong to ("thread:5", "snippet:3"): the one loaded, or
   * the one a Save created or wrote. The address catching up with a first Save does not load it again.
   */
  source: string | null;
  /** Counts the changes a practice saves itself after: each new answer and each corrected transcript. */
  changes: number;
}

export type ConversationAction =
  /** A saved thread or snippet conversation loaded: it replaces whatever was on screen. */
  | { type: 'history-loaded'; source: string; messages: ConversationMessage[] }
  /** The interviewer's first question came; it is dropped when someone already spoke. */
  | { type: 'opening-arrived'; message: ConversationMessage }
  /** A turn's exchange came (the person's words and the reply); it answers the question asked again, if one was. */
  | { type: 'answered'; message: ConversationMessage }
  /** "Answer this again" on the exchange with `key`: the question it answered is asked again. */
  | { type: 'answer-again'; key: string }
  /** The next piece of a reply's speech. */
  | { type: 'audio-piece'; key: string; part: ReplyAudioPart }
  /** A reply's speech gets no more pieces. */
  | { type: 'audio-ended'; key: string }
  /** The person put their own words in place of what was heard. */
  | { type: 'transcript-corrected'; key: string; transcript: string }
  /** A Save created the thread the conversation goes to. */
  | { type: 'thread-created'; threadId: string }
  /** Everything up to the exchange with `through` is saved (to `source`, when a Save named where). */
  | { type: 'saved'; through: string; source?: string };

export const initialConversation: ConversationState = { messages: [], askedAgain: null, source: null, changes: 0 };

const changeMessage = (messages: readonly ConversationMessage[], key: string, change: (message: ConversationMessage) => ConversationMessage) =>
  messages.map((message) => (message.key === key ? change(message) : message));

/** The question that the exchange with `key` answered: the one it was asked again, else the reply before it. */
function questionAnsweredBy(messages: readonly ConversationMessage[], key: string): string | undefined {
  const index = messages.findIndex((candidate) => candidate.key === key);
  if (index < 0) return undefined;
  return messages[index]?.askedAgain ?? messages[index - 1]?.aiResponse;
}

/** The next state of the conversation after `action` (pure: the screen's hooks do the talking to the server). */
export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'history-loaded':
      return { ...state, messages: action.messages, source: action.source };
    case 'opening-arrived':
      return state.messages.length > 0 ? state : { ...state, messages: [action.message] };
    case 'answered': {
      const message = state.askedAgain ? { ...action.message, askedAgain: state.askedAgain } : action.message;
      return { ...state, messages: [...state.messages, message], askedAgain: null, changes: state.changes + 1 };
    }
    case 'answer-again': {
      const question = questionAnsweredBy(state.messages, action.key);
      return question ? { ...state, askedAgain: question } : state;
    }
    case 'audio-piece':
      return { ...state, messages: changeMessage(state.messages, action.key, (message) => withAudioPiece(message, action.part)) };
    case 'audio-ended':
      return { ...state, messages: changeMessage(state.messages, action.key, withoutPendingAudio) };
    case 'transcript-corrected':
      return {
        ...state,
        messages: changeMessage(state.messages, action.key, (message) => withCorrectedTranscript(message, action.transcript)),
        changes: state.changes + 1,
      };
    case 'thread-created':
      return { ...state, source: `thread:${action.threadId}` };
    case 'saved':
      return { ...state, messages: markSavedThrough(state.messages, action.through), source: action.source ?? state.source };
  }
}
