import { useCallback, useEffect, useRef, useState } from 'react';
import { CONVERSATION_MESSAGES, estimateWordTimings, wordIndexAt, type WordTiming } from '@story/proto';
import { notifyFailure } from '../../components/toast/notify.ts';
import { spokenReplySource, type ConversationMessage } from './conversation-messages.ts';
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

/**
 * Spoken replies on the conversation screen: the newest reply plays by itself when it arrives with
 * audio and mute is off; any reply with audio plays on request and stops on a second click; the word
 * being said is tracked from the audio's clock (with the reply's word timings, or timings estimated
 * from its length for a saved reply).
 */
export function useSpokenReplies(messages: readonly ConversationMessage[], muted: boolean): SpokenReplies {
  const audio = useRef<HTMLAudioElement | null>(null);
  const poll = useRef<number | undefined>(undefined);
  const [speaking, setSpeaking] = useState<Speaking | null>(null);
  const speakingKey = useRef<string | null>(null);

  const stop = useCallback(() => {
    window.clearInterval(poll.current);
    poll.current = undefined;
    audio.current?.pause();
    speakingKey.current = null;
    setSpeaking(null);
  }, []);

  const play = useCallback(
    (message: ConversationMessage) => {
      const source = spokenReplySource(message);
      if (!source) return;
      stop();
      const element = (audio.current ??= new Audio());
      element.src = source;
      speakingKey.current = message.key;
      setSpeaking({ key: message.key, wordIndex: -1 });
      let timings: readonly WordTiming[] | null = message.wordTimings;
      const follow = () => {
        if (speakingKey.current !== message.key) return;
        if (!timings && Number.isFinite(element.duration)) timings = estimateWordTimings(message.aiResponse, element.duration);
        setSpeaking({ key: message.key, wordIndex: timings ? wordIndexAt(timings, element.currentTime) : -1 });
      };
      element.onended = () => {
        if (speakingKey.current === message.key) stop();
      };
      poll.current = window.setInterval(follow, HIGHLIGHT_POLL_MS);
      element.play().catch((error: unknown) => {
        if (speakingKey.current !== message.key) return;
        stop();
        notifyFailure(CONVERSATION_MESSAGES.playAudioFailed, error);
      });
    },
    [stop],
  );

  const toggle = useCallback(
    (message: ConversationMessage) => {
      if (speakingKey.current === message.key) stop();
      else play(message);
    },
    [play, stop],
  );

  // The newest reply speaks when it arrives, unless muted; replies on screen at the start never do.
  useNewExchange(messages, (newest) => {
    if (!muted && spokenReplySource(newest)) play(newest);
  });

  useEffect(() => {
    if (muted) stop();
  }, [muted, stop]);

  useEffect(() => stop, [stop]);

  return { speaking, toggle, stop };
}
