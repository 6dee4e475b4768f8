import type { TextSpan } from '../../lib/text-span.ts';
import { LIMITS, joinMp3, type ChatTurn, type ReplyAudioPart, type SnippetExchange, type TranscriptWord, type WordTiming } from '@story/proto';

/** One exchange on the conversation screen (spec section 3, "Client message item"). */
export interface ConversationMessage {
  /** Client-side identity, stable while the screen is open. */
  key: string;
  userMessage: string;
  aiResponse: string;
  /** ISO 8601. */
  timestamp: string;
  isSaved: boolean;
  /** Base64 MP3 of a spoken reply that just arrived (not loaded from a saved thread). */
  audioResponse: string | null;
  /** The id under which the server keeps the spoken reply for a save to name (issue 20, point 5), when it gave one. */
  audioId?: string | null;
  /** Where a saved reply's MP3 is served; fetched only when it is played. */
  audioUrl: string | null;
  /** When each word of a new spoken reply is said (a saved reply's are estimated when it plays). */
  wordTimings: WordTiming[] | null;
  /** What was heard before a solo memo was cleaned, when it was. */
  rawTranscript?: string;
  /** The id under which the answer's feedback appears (GET /api/feedback/{answerId}), when the reply gave one. */
  answerId?: string | null;
  /** The coach's question asked again ("Answer this again"), which this answer answers. */
  askedAgain?: string;
  /**
   * The coach spoke first (issue 19): the interviewer's opening question, asked before the person
   * said anything. It has no `userMessage`, is no answer, and is saved as an exchange with an empty one.
   */
  opening?: boolean;
  /** Who spoke first: the story coach (the story behind a résumé line, issue 22), not an interviewer. */
  openedByCoach?: boolean;
  /** The person spoke (a recording or an upload) rather than typed. */
  spoken?: boolean;
  /** Words of a spoken answer the recogniser was unsure of: character ranges of `userMessage` (issue 19). */
  uncertain?: TextSpan[];
  /** The person corrected the transcript of a spoken answer. */
  corrected?: boolean;
  /** The saved message's id in its thread (a search result opens the thread at it). */
  savedId?: string;
  /** A reply spoken in pieces: those in hand, in order (`audioResponse` is them joined, `wordTimings` theirs). */
  audioPieces?: ReplyAudioPiece[];
  /** How many pieces of it are still to come. */
  audioPiecesPending?: number;
}

/**
 * Where the words the recogniser was unsure of are in the transcript: `words` are the transcript's
 * whitespace-separated words in order (the speech service's `transcriptWords`). Should they not
 * line up with the text (another count), each is looked for after the previous one.
 */
export function uncertainSpans(transcript: string, words: readonly Pick<TranscriptWord, 'word' | 'uncertain'>[] | undefined): TextSpan[] {
  if (!words?.some((word) => word.uncertain)) return [];
  const tokens = [...transcript.matchAll(/\S+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length, text: match[0] }));
  if (tokens.length === words.length) return tokens.filter((_, index) => words[index]?.uncertain).map(({ start, end }) => ({ start, end }));
  const spans: TextSpan[] = [];
  const lower = transcript.toLowerCase();
  let from = 0;
  for (const word of words) {
    const at = lower.indexOf(word.word.toLowerCase(), from);
    if (at < 0) continue;
    from = at + word.word.length;
    if (word.uncertain) spans.push({ start: at, end: from });
  }
  return spans;
}

/** The exchange with the person's own words for what was heard: nothing in it is unsure any more. */
export function withCorrectedTranscript(message: ConversationMessage, transcript: string): ConversationMessage {
  return { ...message, userMessage: transcript, uncertain: [], corrected: true };
}

/** A piece of a spoken reply: its MP3 (base64) and where it starts in the reply, in seconds. */
export interface ReplyAudioPiece {
  audio: string;
  offsetSeconds: number;
}

let keyCounter = 0;

/** A new, unsaved exchange. */
export function newMessage(
  userMessage: string,
  aiResponse: string,
  timestamp: string,
  audioResponse: string | null = null,
  wordTimings: WordTiming[] | null = null,
): ConversationMessage {
  keyCounter += 1;
  return { key: `m${keyCounter}`, userMessage, aiResponse, timestamp, isSaved: false, audioResponse, audioUrl: null, wordTimings };
}

interface SavedItem {
  /** The message's id, for an exchange loaded from a thread. */
  id?: string;
  userMessage: string;
  aiResponse: string;
  timestamp: string;
  audioResponse?: string | null;
  audioUrl?: string | null;
  answerId?: string | null;
}

/**
 * The interviewer's first question, before the person says anything: a turn of the coach's alone.
 * Spoken, it keeps the `audioId` the speech service kept its audio under, as a voice turn's reply does.
 */
export function openingMessage(
  question: string,
  timestamp: string,
  audioResponse: string | null = null,
  wordTimings: WordTiming[] | null = null,
  audioId: string | null = null,
): ConversationMessage {
  return { ...newMessage('', question, timestamp, audioResponse, wordTimings), opening: true, ...(audioId ? { audioId } : {}) };
}

/** Exchanges loaded from a thread or a snippet conversation: already saved (spec section 4). An exchange without the person's words is the coach's opening. */
export function savedMessages(items: readonly SavedItem[]): ConversationMessage[] {
  return items.map((item) => ({
    ...newMessage(item.userMessage, item.aiResponse, item.timestamp, item.audioResponse ?? null),
    isSaved: true,
    audioUrl: item.audioUrl ?? null,
    answerId: item.answerId ?? null,
    ...(item.userMessage.trim() === '' ? { opening: true } : {}),
    ...(item.id === undefined ? {} : { savedId: item.id }),
  }));
}

/**
 * What an audio element plays for a reply's spoken version: a saved reply's URL (the MP3 is
 * fetched then, not with the thread), else a new reply's audio as a data URL, else nothing.
 */
export function spokenReplySource(message: Pick<ConversationMessage, 'audioResponse' | 'audioUrl'>): string | null {
  if (message.audioUrl) return message.audioUrl;
  return message.audioResponse ? `data:audio/mpeg;base64,${message.audioResponse}` : null;
}

/**
 * The history sent with a turn: user and assistant turns, oldest first. Only the newest turns the
 * server accepts are kept, so a very long conversation still gets replies.
 */
export function buildChatHistory(messages: readonly ConversationMessage[], limit: number = LIMITS.historyItems): ChatTurn[] {
  const turns = messages.flatMap((m): ChatTurn[] => [
    ...(m.askedAgain ? [{ role: 'assistant' as const, content: m.askedAgain, timestamp: m.timestamp }] : []),
    ...(m.opening ? [] : [{ role: 'user' as const, content: m.userMessage, timestamp: m.timestamp }]),
    { role: 'assistant', content: m.aiResponse, timestamp: m.timestamp },
  ]);
  return limit <= 0 ? [] : turns.slice(-limit);
}

/** The whole conversation in the snippet endpoint's shape (it continues the latest session it extends). */
export function toSnippetHistory(messages: readonly ConversationMessage[], limit: number = LIMITS.historyItems): SnippetExchange[] {
  const history = messages.map(({ userMessage, aiResponse, timestamp, answerId }) => ({
    userMessage,
    aiResponse,
    timestamp,
    ...(answerId ? { answerId } : {}),
  }));
  return limit <= 0 ? [] : history.slice(-limit);
}

/**
 * What a Save stores to a thread: the unsaved exchanges, in order. A thread keeps the person's words
 * with each reply, so the coach's opening alone is not one of them (a snippet's practice keeps it).
 */
export function unsavedMessages(messages: readonly ConversationMessage[]): ConversationMessage[] {
  return messages.filter((m) => !m.isSaved && !m.opening);
}

/** True when something the person said is not saved yet: leaving would lose it (an opening alone loses nothing). */
export function hasUnsavedAnswers(messages: readonly ConversationMessage[]): boolean {
  return unsavedMessages(messages).length > 0;
}

/**
 * After a successful save of everything up to `lastSavedKey`, that exchange and every one before
 * it are saved; exchanges added while the save ran stay unsaved. An unknown key changes nothing.
 */
export function markSavedThrough(messages: readonly ConversationMessage[], lastSavedKey: string): ConversationMessage[] {
  const index = messages.findIndex((m) => m.key === lastSavedKey);
  if (index < 0) return [...messages];
  return messages.map((m, i) => (i <= index && !m.isSaved ? { ...m, isSaved: true } : m));
}

/** Base64 of bytes, in slices (one call with a long reply's bytes would overflow the stack). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

function fromBase64(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The MP3s of a reply's pieces as one (base64). */
export function joinAudioPieces(pieces: readonly ReplyAudioPiece[]): string {
  if (pieces.length === 1 && pieces[0]) return pieces[0].audio;
  return toBase64(joinMp3(pieces.map((piece) => fromBase64(piece.audio))));
}

/** A reply whose first piece of speech came with it, `more` pieces still to come. */
export function withFirstAudioPiece(message: ConversationMessage, more: number): ConversationMessage {
  if (!message.audioResponse) return message;
  return { ...message, audioPieces: [{ audio: message.audioResponse, offsetSeconds: 0 }], audioPiecesPending: more };
}

/** The reply with the next piece of its speech: the audio so far joined, the words' times so far. */
export function withAudioPiece(message: ConversationMessage, part: ReplyAudioPart): ConversationMessage {
  const audioPieces = [...(message.audioPieces ?? []), { audio: part.audioResponse, offsetSeconds: part.offsetSeconds }];
  return {
    ...message,
    audioPieces,
    audioPiecesPending: Math.max(0, (message.audioPiecesPending ?? 0) - 1),
    audioResponse: joinAudioPieces(audioPieces),
    wordTimings: [...(message.wordTimings ?? []), ...part.wordTimings],
  };
}

/** The reply whose speech will get no more pieces (the rest could not be made). */
export function withoutPendingAudio(message: ConversationMessage): ConversationMessage {
  return message.audioPiecesPending ? { ...message, audioPiecesPending: 0 } : message;
}
