import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { CONVERSATION_MESSAGES, estimateWordTimings, wordIndexAt, type WordTiming } from '@story/proto';
import { notifyFailure } from '../../components/toast/notify.ts';
import { spokenReplySource, type ConversationMessage, type ReplyAudioPiece } from '../lib/conversation-messages.ts';
import { useNewExchange } from './use-new-exchange.ts';

/** Spec section 9: the highlighted word follows the audio, looked at every 50 ms. */
export const HIGHLIGHT_POLL_MS = 50;

/** Which reply is being spoken, and which of its words. */
export interface Speaking {
  key: string;
  /** Index into the reply's whitespace-separated words; -1 before the first. */
  wordIndex: number;
}

export interface SpokenReplies {
  speaking: Speaking | null;
  /** Plays a reply's audio, or stops it when it is the one playing ("click to stop"). */
  toggle(message: ConversationMessage): void;
  stop(): void;
}

/** The audio element that speaks replies, piece after piece, and the word being said, followed from its clock. */
function useReplyPlayer(latest: RefObject<readonly ConversationMessage[]>) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const poll = useRef<number | undefined>(undefined);
  const [speaking, setSpeaking] = useState<Speaking | null>(null);
  const speakingKey = useRef<string | null>(null);
  /** The piece a reply's speech waits for (it ended before that piece came), if any. */
  const waitingFor = useRef<{ key: string; piece: number } | null>(null);

  const stop = useCallback(() => {
    window.clearInterval(poll.current);
    poll.current = undefined;
    audio.current?.pause();
    speakingKey.current = null;
    waitingFor.current = null;
    setSpeaking(null);
  }, []);

  /** Plays piece `piece` of the reply with `key` (a reply in one piece has only piece 0), then the next one. */
  const playPiece = useCallback(
    (key: string, piece: number) => {
      const message = latest.current.find((candidate) => candidate.key === key);
      const pieces = message?.audioPieces;
      const source = pieces ? pieceSource(pieces[piece]) : message && piece === 0 ? spokenReplySource(message) : null;
      if (!message || !source) return stop();
      const offset = pieces?.[piece]?.offsetSeconds ?? 0;
      const element = (audio.current ??= new Audio());
      element.src = source;
      waitingFor.current = null;
      let estimated: readonly WordTiming[] | null = null;
      const follow = () => {
        if (speakingKey.current !== key) return;
        const now = latest.current.find((candidate) => candidate.key === key) ?? message;
        if (!now.wordTimings && !estimated && Number.isFinite(element.duration)) estimated = estimateWordTimings(now.aiResponse, element.duration);
        const timings = now.wordTimings ?? estimated;
        setSpeaking({ key, wordIndex: timings ? wordIndexAt(timings, offset + element.currentTime) : -1 });
      };
      element.onended = () => {
        if (speakingKey.current !== key) return;
        const now = latest.current.find((candidate) => candidate.key === key);
        if (now?.audioPieces?.[piece + 1]) playPiece(key, piece + 1);
        else if (now?.audioPiecesPending) waitingFor.current = { key, piece: piece + 1 };
        else stop();
      };
      window.clearInterval(poll.current);
      poll.current = window.setInterval(follow, HIGHLIGHT_POLL_MS);
      element.play().catch((error: unknown) => {
        if (speakingKey.current !== key) return;
        stop();
        notifyFailure(CONVERSATION_MESSAGES.playAudioFailed, error);
      });
    },
    [latest, stop],
  );

  return { speaking, setSpeaking, speakingKey, waitingFor, stop, playPiece };
}

/**
 * Spoken replies on the conversation screen: the newest reply plays by itself when it arrives with
 * audio and mute is off; any reply with audio plays on request and stops on a second click; the word
 * being said is tracked from the audio's clock (with the reply's word timings, or timings estimated
 * from its length for a saved reply). A reply spoken in pieces plays them one after another, the
 * first as soon as it comes; should the next one not be there yet, the speech waits for it.
 */
export function useSpokenReplies(messages: readonly ConversationMessage[], muted: boolean): SpokenReplies {
  /** The messages as they are now: a reply spoken in pieces gets its later pieces while it plays (the audio element's callbacks read them). */
  const latest = useRef(messages);
  latest.current = messages;
  const { speaking, setSpeaking, speakingKey, waitingFor, stop, playPiece } = useReplyPlayer(latest);

  const play = useCallback(
    (message: ConversationMessage) => {
      if (!spokenReplySource(message)) return;
      stop();
      speakingKey.current = message.key;
      setSpeaking({ key: message.key, wordIndex: -1 });
      playPiece(message.key, 0);
    },
    [playPiece, stop, setSpeaking, speakingKey],
  );

  const toggle = useCallback(
    (message: ConversationMessage) => {
      if (speakingKey.current === message.key) stop();
      else play(message);
    },
    [play, stop, speakingKey],
  );

  // The newest reply speaks when it arrives, unless muted; replies on screen at the start never do.
  useNewExchange(messages, (newest) => {
    if (!muted && spokenReplySource(newest)) play(newest);
  });

  // A piece the speech waited for has come: it goes on; none will come: it ends.
  useEffect(() => {
    const waiting = waitingFor.current;
    if (!waiting || speakingKey.current !== waiting.key) return;
    const message = messages.find((candidate) => candidate.key === waiting.key);
    if (message?.audioPieces?.[waiting.piece]) playPiece(waiting.key, waiting.piece);
    else if (!message?.audioPiecesPending) stop();
  }, [messages, playPiece, stop, speakingKey, waitingFor]);

  useEffect(() => {
    if (muted) stop();
  }, [muted, stop]);

  useEffect(() => stop, [stop]);

  return { speaking, toggle, stop };
}

/** What an audio element plays for a piece of a reply. */
function pieceSource(piece: ReplyAudioPiece | undefined): string | null {
  return piece ? `data:audio/mpeg;base64,${piece.audio}` : null;
}

/**
 * Whether the interviewer's opening question (a new one, the first message) has been heard: it has
 * no speech, replies are muted (`silent`), or its speech started and stopped (ended, was stopped, or
 * could not play). True when there is no new opening. The recorder waits for it before starting by itself.
 */
export function useOpeningHeard(messages: readonly ConversationMessage[], speaking: Speaking | null, silent: boolean): boolean {
  const first = messages[0];
  const opening = first?.opening && !first.isSaved ? first : null;
  const [started, setStarted] = useState<string | null>(null);
  const [heard, setHeard] = useState<string | null>(null);
  const speakingKey = speaking?.key ?? null;
  useEffect(() => {
    if (!opening) return;
    if (speakingKey === opening.key) setStarted(opening.key);
    else if (started === opening.key) setHeard(opening.key);
  }, [opening, speakingKey, started]);
  if (!opening || silent || !spokenReplySource(opening)) return true;
  return heard === opening.key;
}
