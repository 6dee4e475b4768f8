import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { CONVERSATION_MESSAGES, DEFAULT_TIME_LIMIT_SECONDS, SPEECH_MESSAGES } from '@story/proto';
import { notifyFailure } from '../../../components/toast/notify.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { useFetchRecordingSettings } from '../../../voice/api/recording-settings.api.ts';
import type { Conversation } from './use-conversation.ts';
import type { FinishedRecording } from '../../../voice/hooks/use-voice-recorder.ts';
import { expectedTranscribingMs, paceUploadSteps } from '../lib/upload-steps.ts';
import { uploadAudioFile } from '../../../voice/api/voice.api.ts';
import type { TurnContext } from '../../../voice/lib/turn-context.ts';

/** The length of an audio file in seconds, as the browser reads it (0 when it cannot). */
function audioDurationOf(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const probe = new Audio();
    const done = (seconds: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(seconds) ? seconds : 0);
    };
    probe.preload = 'metadata';
    probe.onloadedmetadata = () => done(probe.duration);
    probe.onerror = () => done(0);
    probe.src = url;
  });
}

export interface VoiceInputs {
  /** The user's recording limit in seconds; null until known. */
  timeLimit: number | null;
  handleRecorded: (recording: FinishedRecording) => void;
  handleUpload: (file: File, audioType: 'solo') => void;
}

/**
 * Spoken turns of the conversation screen: the user's time limit (fetched when voice is in use), a
 * finished recording (streamed while it was made, or sent whole), and an uploaded file with its steps.
 */
export function useVoiceInputs(conversation: Pick<Conversation, 'sendVoice' | 'setPendingVoice'>, usesVoice: boolean): VoiceInputs {
  const fetchRecordingSettings = useFetchRecordingSettings();
  const [timeLimit, setTimeLimit] = useState<number | null>(null);
  const { sendVoice, setPendingVoice } = conversation;

  useAsyncEffect(
    () => (usesVoice && timeLimit === null ? fetchRecordingSettings() : null),
    {
      onSuccess: (settings) => setTimeLimit(settings.timeLimit),
      onError: (error) => {
        notifyFailure(CONVERSATION_MESSAGES.timeLimitFailed, error);
        setTimeLimit(DEFAULT_TIME_LIMIT_SECONDS);
      },
    },
    [usesVoice],
  );

  const handleRecorded = useCallback(
    (recording: FinishedRecording) => {
      void sendVoice(SPEECH_MESSAGES.processingRecording, (turn) => recording.live.finish(recording.file, turn), CONVERSATION_MESSAGES.processRecordingRetry);
    },
    [sendVoice],
  );

  const handleUpload = useCallback(
    (file: File, audioType: 'solo') => {
      // A step is on the page the moment it is shown (flushSync), so the pacer counts its time from its
      // own paint: a render React put off past the next frame would otherwise count from the step before.
      const show = (label: string) => flushSync(() => setPendingVoice(label));
      const answer = async (turn: TurnContext) => {
        show(SPEECH_MESSAGES.uploading);
        // Every step is shown in its turn, none skipped or flashed, however fast the answer comes.
        const steps = paceUploadSteps(show);
        const timers: number[] = [];
        // The bytes going up are followed for real; the server's steps after that are timed from the audio's length.
        const onUploaded = () => {
          steps.reach(1);
          void audioDurationOf(file).then((seconds) => {
            const transcribed = expectedTranscribingMs(seconds);
            timers.push(window.setTimeout(() => steps.reach(2), transcribed));
            timers.push(window.setTimeout(() => steps.reach(3), transcribed + 500));
          });
        };
        try {
          const result = await uploadAudioFile(file, turn, audioType, { onUploaded });
          await steps.finish();
          return result;
        } finally {
          for (const timer of timers) window.clearTimeout(timer);
          steps.cancel();
        }
      };
      void sendVoice(SPEECH_MESSAGES.uploading, answer, CONVERSATION_MESSAGES.processAudioFailed);
    },
    [sendVoice, setPendingVoice],
  );

  return { timeLimit, handleRecorded, handleUpload };
}
