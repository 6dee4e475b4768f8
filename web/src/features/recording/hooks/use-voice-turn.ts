import { useCallback, useRef, useState, type Dispatch, type RefObject } from 'react';
import type { ReplyAudioPart } from '@story/proto';
import { serverMessageOr } from '../../../api/failure.ts';
import { notifyFailure } from '../../../components/toast/notify.ts';
import type { ExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import type { SpokenTurn } from '../../../voice/api/voice.api.ts';
import { newMessage, uncertainSpans, withAudioPiece, withFirstAudioPiece, type ConversationMessage } from '../../../voice/lib/conversation-messages.ts';
import type { ConversationAction } from '../lib/conversation-reducer.ts';
import type { TurnContext } from '../../../voice/lib/turn-context.ts';

/** Replies spoken in pieces, by message key: each gives the reply's whole audio once all of it is there (at once, when it already is). */
/** A reply's whole speech once its last piece came: its MP3 (base64) and the id the server keeps it under. */
export interface ArrivedAudio {
  audioResponse: string | null;
  audioId: string | null;
}
export type AudioArrivals = Map<string, Promise<ArrivedAudio>>;

export interface VoiceTurn {
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
  /** A Save waits for these: a reply still being spoken is saved with all of its speech. */
  audioArrivals: RefObject<AudioArrivals>;
}

/** The exchange a spoken turn adds: what was heard (and its unsure words), the reply and the first of its speech. */
function heardExchange(result: SpokenTurn): ConversationMessage {
  const heard = {
    ...newMessage(result.transcript, result.aiResponse, new Date().toISOString(), result.audioResponse ?? null, result.wordTimings ?? null),
    rawTranscript: result.rawTranscript,
    spoken: true,
    answerId: result.answerId ?? null,
    audioId: result.audioId ?? null,
    uncertain: uncertainSpans(result.transcript, result.transcriptWords),
  };
  return result.moreAudio ? withFirstAudioPiece(heard, (result.audioParts ?? 1) - 1) : heard;
}

/**
 * A spoken turn: the answer is made from the conversation so far (`turnContext`); its exchange joins
 * the conversation with the reply's first piece of speech, and the later pieces follow as they come.
 */
export function useVoiceTurn(turns: ExclusiveTask, turnContext: () => TurnContext, dispatch: Dispatch<ConversationAction>): VoiceTurn {
  const [pendingVoice, setPendingVoiceState] = useState<string | null>(null);
  const audioArrivals = useRef<AudioArrivals>(new Map());

  /** Takes the later pieces of a reply's speech into its message as they come; resolves with its whole audio. */
  const receiveAudio = useCallback(
    async (first: ConversationMessage, pieces: AsyncIterable<ReplyAudioPart>): Promise<ArrivedAudio> => {
      let message = first;
      let audioId: string | null = null;
      try {
        for await (const part of pieces) {
          message = withAudioPiece(message, part);
          audioId = part.audioId ?? audioId;
          dispatch({ type: 'audio-piece', key: first.key, part });
        }
      } catch (error) {
        // The reply's words are all on screen; only the rest of its speech is missing.
        console.error('The rest of the spoken reply did not come', error);
      } finally {
        dispatch({ type: 'audio-ended', key: first.key });
      }
      return { audioResponse: message.audioResponse, audioId };
    },
    [dispatch],
  );

  const sendVoice = useCallback(
    async (label: string, answer: (turn: TurnContext) => Promise<SpokenTurn>, failure: string): Promise<boolean> => {
      if (turns.isBusy()) return false;
      let answered = false;
      await turns.run(async () => {
        setPendingVoiceState(label);
        try {
          const result = await answer(turnContext());
          const message = heardExchange(result);
          dispatch({ type: 'answered', message });
          if (result.moreAudio) audioArrivals.current.set(message.key, receiveAudio(message, result.moreAudio));
          answered = true;
        } catch (error) {
          notifyFailure(serverMessageOr(error, failure), error);
        } finally {
          setPendingVoiceState(null);
        }
      });
      return answered;
    },
    [dispatch, receiveAudio, turnContext, turns],
  );

  const setPendingVoice = useCallback(
    (label: string) => {
      if (turns.isBusy()) setPendingVoiceState(label);
    },
    [turns],
  );

  return { pendingVoice, sendVoice, setPendingVoice, audioArrivals };
}
