import { useCallback, useEffect, useRef, useState } from 'react';
import { CONVERSATION_MESSAGES, MIN_RECORDING_BYTES, recordingFailed, timeLimitWarningMessage } from '@story/proto';
import { notifyError, notifyFailure } from '../../../components/toast/notify.ts';
import { toast, type ToastHandle } from '../../../components/toast/toast-store.ts';
import { LiveRecording } from '../lib/live-recording.ts';
import { MicrophoneRecorder, MicrophoneUnavailable } from '../lib/microphone-recorder.ts';
import { cancelVoiceSession, finishVoiceSession, openVoiceSession, sendVoiceChunk, transcribeFile } from '../api/voice.api.ts';

export type RecorderState = 'idle' | 'countdown' | 'recording' | 'paused';

/** A finished recording: the whole file (named and labelled as the spec says) and its live session. */
export interface FinishedRecording {
  file: File;
  live: LiveRecording;
}

export interface VoiceRecorder {
  state: RecorderState;
  /** 3, 2, 1, 0 during the countdown. */
  countdown: number;
  /** Seconds recorded (pauses not counted). */
  elapsed: number;
  analyser: AnalyserNode | null;
  /** Said once, before the limit stops the recorder. */
  warning: string | null;
  start(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  /** Drops the recording and its live session and counts down again. */
  restart(): void;
}

const COUNTDOWN_FROM = 3;
/** The countdown takes the specification's 3 seconds and shows each of 3, 2, 1 and 0 for a quarter of them. */
export const COUNTDOWN_MS = 3000;
const COUNTDOWN_STEP_MS = COUNTDOWN_MS / (COUNTDOWN_FROM + 1);
const TICK_MS = 250;
/** Warn this long before the limit (or a third of the limit, if that is shorter). */
const WARNING_SECONDS = 30;

const liveApi = { open: openVoiceSession, send: sendVoiceChunk, finish: finishVoiceSession, cancel: cancelVoiceSession, whole: transcribeFile };

/** The specification's refusal of a recording this many bytes long, or null when it may be sent. */
export function recordingSizeProblem(bytes: number): string | null {
  if (bytes === 0) return CONVERSATION_MESSAGES.recordingEmpty;
  return bytes < MIN_RECORDING_BYTES ? CONVERSATION_MESSAGES.recordingTooSmall : null;
}

/** When to warn of the limit: 30 s before it, or a third of it before for short limits; null when too short to matter. */
export function warningAt(timeLimit: number): number | null {
  const before = Math.min(WARNING_SECONDS, Math.floor(timeLimit / 3));
  return before >= 5 ? timeLimit - before : null;
}

/**
 * The voice recorder's life: a 3-second countdown (3, 2, 1, 0), then the microphone records a chunk each second
 * (each one streamed to the speech service as it comes), with pause and resume, a timer, a warning
 * before the time limit and an automatic stop at it, Stop and Restart. A stopped recording is
 * checked for size and handed to `onRecorded`; the microphone is released.
 */
export function useVoiceRecorder(timeLimit: number, onRecorded: (recording: FinishedRecording) => void): VoiceRecorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [countdown, setCountdown] = useState(COUNTDOWN_FROM);
  const [elapsed, setElapsed] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const microphone = useRef<Promise<MicrophoneRecorder | null> | null>(null);
  const live = useRef<LiveRecording | null>(null);
  const clock = useRef({ recordedMs: 0, since: 0, running: false });
  const timers = useRef<number[]>([]);
  /** The toast saying the microphone could not be used: it closes once a recording starts after all. */
  const microphoneToast = useRef<ToastHandle | null>(null);
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;

  const clearTimers = () => {
    for (const timer of timers.current) window.clearInterval(timer);
    timers.current = [];
  };

  const recordedSeconds = () => {
    const { recordedMs, since, running } = clock.current;
    return (recordedMs + (running ? performance.now() - since : 0)) / 1000;
  };

  /** Gives the microphone back and forgets this recording's parts. */
  const release = useCallback(async () => {
    clearTimers();
    clock.current = { recordedMs: 0, since: 0, running: false };
    const opened = await microphone.current;
    microphone.current = null;
    opened?.release();
    setAnalyser(null);
  }, []);

  const stop = useCallback(() => {
    const opening = microphone.current;
    if (!opening) return;
    clearTimers();
    clock.current.running = false;
    void (async () => {
      const opened = await opening;
      const session = live.current;
      live.current = null;
      setState('idle');
      if (!opened || !session) return;
      let chunks: Blob[];
      try {
        chunks = await opened.stop();
      } catch (error) {
        notifyFailure(CONVERSATION_MESSAGES.stopRecordingFailed, error);
        session.cancel();
        await release();
        return;
      }
      await release();
      const file = new File(chunks, 'recording.mp4', { type: 'audio/mp4' });
      const problem = recordingSizeProblem(file.size);
      if (problem) {
        notifyError(problem);
        session.cancel();
        return;
      }
      onRecordedRef.current({ file, live: session });
    })();
  }, [release]);

  /** Every tick: the timer, the warning before the limit, the stop at it. */
  const tick = useCallback(() => {
    const seconds = recordedSeconds();
    setElapsed(Math.floor(seconds));
    const warnAt = warningAt(timeLimit);
    if (warnAt !== null && seconds >= warnAt) setWarning((current) => current ?? timeLimitWarningMessage(timeLimit - warnAt));
    if (seconds >= timeLimit) {
      stop();
      toast({ title: CONVERSATION_MESSAGES.timeLimitReachedTitle, description: CONVERSATION_MESSAGES.timeLimitReached });
    }
  }, [stop, timeLimit]);

  const beginRecording = useCallback(async () => {
    const opened = await microphone.current;
    if (!opened) return;
    const session = new LiveRecording(liveApi, opened.mimeType || 'audio/webm');
    try {
      opened.start(
        (chunk) => session.add(chunk),
        (reason) => notifyError(recordingFailed(reason)),
      );
    } catch (error) {
      session.cancel();
      microphoneToast.current = notifyFailure(CONVERSATION_MESSAGES.startRecordingFailed, error);
      await release();
      setState('idle');
      return;
    }
    live.current = session;
    clock.current = { recordedMs: 0, since: performance.now(), running: true };
    setState('recording');
    microphoneToast.current?.dismiss();
    microphoneToast.current = null;
    timers.current.push(window.setInterval(tick, TICK_MS));
  }, [release, tick]);

  const start = useCallback(() => {
    if (microphone.current) return;
    setElapsed(0);
    setWarning(null);
    setCountdown(COUNTDOWN_FROM);
    setState('countdown');
    // Ask for the microphone now, so that a permission prompt comes during the countdown.
    microphone.current = MicrophoneRecorder.open().then(
      (opened) => {
        setAnalyser(opened.analyser);
        return opened;
      },
      (error: unknown) => {
        microphoneToast.current = notifyFailure(error instanceof MicrophoneUnavailable ? CONVERSATION_MESSAGES.microphoneFailed : CONVERSATION_MESSAGES.startRecordingFailed, error);
        return null;
      },
    );
    // 3, 2, 1, then 0 with "Recording starting soon..." for its own step, then the recording.
    let left = COUNTDOWN_FROM;
    const timer = window.setInterval(() => {
      left -= 1;
      if (left >= 0) {
        setCountdown(left);
        return;
      }
      window.clearInterval(timer);
      timers.current = timers.current.filter((id) => id !== timer);
      void microphone.current?.then((opened) => (opened ? beginRecording() : (setState('idle'), release())));
    }, COUNTDOWN_STEP_MS);
    timers.current.push(timer);
  }, [beginRecording, release]);

  const pause = useCallback(() => {
    void microphone.current?.then((opened) => opened?.pause());
    clock.current = { recordedMs: clock.current.recordedMs + performance.now() - clock.current.since, since: 0, running: false };
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    void microphone.current?.then((opened) => opened?.resume());
    clock.current = { ...clock.current, since: performance.now(), running: true };
    setState('recording');
  }, []);

  const restart = useCallback(() => {
    live.current?.cancel();
    live.current = null;
    void release().then(() => {
      setState('idle');
      start();
    });
  }, [release, start]);

  // Leaving the page mid-recording drops the session and gives the microphone back.
  useEffect(
    () => () => {
      live.current?.cancel();
      void release();
    },
    [release],
  );

  return { state, countdown, elapsed, analyser, warning, start, pause, resume, stop, restart };
}
