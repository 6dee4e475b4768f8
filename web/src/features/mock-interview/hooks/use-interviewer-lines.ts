import { useCallback, useEffect, useRef, useState } from 'react';
import type { MockInterview, ReplyAudioPart } from '@story/proto';
import type { SpokenTurn } from '../../../voice/api/voice.api.ts';
import type { Speaking } from '../../../voice/hooks/use-spoken-reply.ts';
import {
  type ConversationMessage,
  openingMessage,
  spokenReplySource,
  withAudioPiece,
  withFirstAudioPiece,
  withoutPendingAudio,
} from '../../../voice/lib/conversation-messages.ts';
import { fetchInterviewerLine } from '../api/mock-interviews.api.ts';
import type { InterviewTurn } from '../lib/interview-turn.ts';

/** The key of the turn a line belongs to: the question and part, or the closing words. */
export const lineKeyOf = (turn: InterviewTurn): string | null => (turn.kind === 'asking' ? turn.key : turn.kind === 'all-answered' ? 'end' : null);

interface Line {
  turnKey: string;
  message: ConversationMessage;
}

export interface InterviewerLines {
  /** Every line said on this screen, oldest first (the spoken-reply player and the announcer follow them). */
  messages: ConversationMessage[];
  /** The line of the turn `turnKey`, once it is here. */
  lineOf: (turnKey: string | null) => ConversationMessage | null;
  /** A spoken answer's reply (the interviewer's next line, with its speech in pieces) as the line of `turnKey`. */
  receiveSpoken: (turnKey: string, result: SpokenTurn) => void;
  /** A typed answer's reply as the line of `turnKey`. */
  receiveText: (turnKey: string, text: string) => void;
}

/**
 * What the interviewer says at each turn. In a voice interview the current line is asked for spoken
 * (`POST /api/transcribe/opening` with the interview: a reload hears the current question again),
 * and a spoken answer's reply is the next line with its speech; in a text interview the line is the
 * interview's own words. Every new line joins `messages`, so it plays by itself and is announced.
 */
export function useInterviewerLines(interview: MockInterview | null, turn: InterviewTurn | null): InterviewerLines {
  const [lines, setLines] = useState<Line[]>([]);
  const asked = useRef(new Set<string>());
  const turnKey = turn ? lineKeyOf(turn) : null;
  const interviewId = interview?.id ?? null;
  const voice = interview?.mode === 'voice';
  const currentLine = turn && turn.kind !== 'finished' ? turn.line : '';

  const add = useCallback((key: string, message: ConversationMessage) => {
    asked.current.add(key);
    setLines((current) => [...current.filter((line) => line.turnKey !== key), { turnKey: key, message }]);
  }, []);

  const change = useCallback((messageKey: string, update: (message: ConversationMessage) => ConversationMessage) => {
    setLines((current) => current.map((line) => (line.message.key === messageKey ? { ...line, message: update(line.message) } : line)));
  }, []);

  useEffect(() => {
    if (turnKey === null || interviewId === null || asked.current.has(turnKey)) return;
    asked.current.add(turnKey);
    const now = new Date().toISOString();
    if (!voice) {
      add(turnKey, openingMessage(currentLine, now));
      return;
    }
    fetchInterviewerLine(interviewId)
      .then((spoken) => add(turnKey, openingMessage(spoken.aiResponse, now, spoken.audioResponse ?? null, spoken.wordTimings ?? null, spoken.audioId ?? null)))
      .catch((error: unknown) => {
        // The question is on screen all the same; only its speech is missing.
        console.error('The interviewer’s line could not be spoken', error);
        add(turnKey, openingMessage(currentLine, now));
      });
  }, [turnKey, interviewId, voice, currentLine, add]);

  const receiveSpoken = useCallback(
    (key: string, result: SpokenTurn) => {
      const spoken = openingMessage(
        result.aiResponse,
        new Date().toISOString(),
        result.audioResponse ?? null,
        result.wordTimings ?? null,
        result.audioId ?? null,
      );
      const first = result.moreAudio ? withFirstAudioPiece(spoken, (result.audioParts ?? 1) - 1) : spoken;
      add(key, first);
      const pieces = result.moreAudio;
      if (!pieces) return;
      void (async (more: AsyncIterable<ReplyAudioPart>) => {
        try {
          for await (const part of more) change(first.key, (message) => withAudioPiece(message, part));
        } catch (error) {
          console.error('The rest of the interviewer’s line did not come', error);
        } finally {
          change(first.key, withoutPendingAudio);
        }
      })(pieces);
    },
    [add, change],
  );

  const receiveText = useCallback((key: string, text: string) => add(key, openingMessage(text, new Date().toISOString())), [add]);

  const lineOf = useCallback((key: string | null) => lines.find((line) => line.turnKey === key)?.message ?? null, [lines]);

  return { messages: lines.map((line) => line.message), lineOf, receiveSpoken, receiveText };
}

/**
 * Whether a line has been heard: it has no speech, the interviewer is muted, or its speech started
 * and stopped (ended, was stopped, or could not play). The think time starts then.
 */
export function useLineHeard(line: ConversationMessage | null, speaking: Speaking | null, muted: boolean): boolean {
  const [started, setStarted] = useState<string | null>(null);
  const [heard, setHeard] = useState<string | null>(null);
  const speakingKey = speaking?.key ?? null;
  const lineKey = line?.key ?? null;
  useEffect(() => {
    if (lineKey === null) return;
    if (speakingKey === lineKey) setStarted(lineKey);
    else if (started === lineKey) setHeard(lineKey);
  }, [lineKey, speakingKey, started]);
  if (!line) return false;
  if (muted || !spokenReplySource(line)) return true;
  return heard === line.key;
}
