import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CONVERSATION_MESSAGES, recordingFailed, timeLimitWarningMessage } from '@story/proto';
import { notifyError, notifyFailure } from '../../components/toast/notify.ts';
import type { ToastHandle } from '../../components/toast/toast-store.ts';
import { cancelVoiceSession, finishVoiceSession, openVoiceSession, sendVoiceChunk, transcribeFile } from '../api/voice.api.ts';
import { LiveRecording } from '../lib/live-recording.ts';
import type { TurnContext } from '../lib/turn-context.ts';
import { MicrophoneRecorder, MicrophoneUnavailable } from '../lib/microphone-recorder.ts';
import { recordingSizeProblem, warningAt } from '../lib/recording-limits.ts';

/*
 * The parts of the voice recorder (`useVoiceRecorder`): its clock, its intervals, the microphone and
 * one recording's live session. They keep what the browser's timers and recorder callbacks read in refs.
 */

export type RecorderState = 'idle' | 'countdown' | 'recording' | 'paused';

/** A finished recording: the whole file (named and labelled as the spec says), its live session and the recorder's format. */
export interface FinishedRecording {
  file: File;
  live: LiveRecording;
  /** What the recorder made (the file's bytes), for sending it again in a new live session. */
  mimeType: string;
}

const TICK_MS = 250;

/** The calls of a live recording: the speech service's session, and the whole file when streaming broke. */
export const liveApi = {
  open: openVoiceSession,
  send: sendVoiceChunk,
  finish: finishVoiceSession,
  cancel: cancelVoiceSession,
  // The fallback names the live session's recording, so the month's minutes count it once.
  whole: (file: File, turn: TurnContext, recordingId: string) => transcribeFile(file, turn, undefined, recordingId),
};

/** The microphone's chunks streaming into a new live recording; throws (the session dropped) when the microphone will not start. */
function startStreaming(opened: MicrophoneRecorder): LiveRecording {
  const session = new LiveRecording(liveApi, opened.mimeType || 'audio/webm');
  try {
    opened.start(
      (chunk) => session.add(chunk),
      (reason) => notifyError(recordingFailed(reason)),
    );
  } catch (error) {
    session.cancel();
    throw error;
  }
  return session;
}

/**
 * A stopped recording as the file to send, checked for size; null, said in a toast and its session
 * dropped, when it cannot be sent. The microphone is given back (`release`) either way.
 */
async function finishedRecording(opened: MicrophoneRecorder, session: LiveRecording, release: () => Promise<void>): Promise<FinishedRecording | null> {
  let chunks: Blob[];
  try {
    chunks = await opened.stop();
  } catch (error) {
    notifyFailure(CONVERSATION_MESSAGES.stopRecordingFailed, error);
    session.cancel();
    await release();
    return null;
  }
  await release();
  const file = new File(chunks, 'recording.mp4', { type: 'audio/mp4' });
  const problem = recordingSizeProblem(file.size);
  if (problem) {
    notifyError(problem);
    session.cancel();
    return null;
  }
  return { file, live: session, mimeType: opened.mimeType || 'audio/webm' };
}

/**
 * The time recorded (pauses not counted), told every tick: the timer, the warning before the limit,
 * and `onLimit` once the limit is reached. The clock is kept in a ref: the recorder's interval reads it.
 */
export function useRecordingClock(timeLimit: number, onLimit: () => void) {
  const [elapsed, setElapsed] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  const clock = useRef({ recordedMs: 0, since: 0, running: false });
  const limitReached = useRef(onLimit);
  limitReached.current = onLimit;

  const tick = useCallback(() => {
    const { recordedMs, since, running } = clock.current;
    const seconds = (recordedMs + (running ? performance.now() - since : 0)) / 1000;
    setElapsed(Math.floor(seconds));
    const warnAt = warningAt(timeLimit);
    if (warnAt !== null && seconds >= warnAt) setWarning((current) => current ?? timeLimitWarningMessage(timeLimit - warnAt));
    if (seconds >= timeLimit) limitReached.current();
  }, [timeLimit]);

  const [controls] = useState(() => ({
    /** A new recording: nothing recorded, no warning. */
    reset: () => {
      setElapsed(0);
      setWarning(null);
    },
    run: () => {
      clock.current = { recordedMs: 0, since: performance.now(), running: true };
    },
    pause: () => {
      clock.current = { recordedMs: clock.current.recordedMs + performance.now() - clock.current.since, since: 0, running: false };
    },
    resume: () => {
      clock.current = { ...clock.current, since: performance.now(), running: true };
    },
    halt: () => {
      clock.current.running = false;
    },
    clear: () => {
      clock.current = { recordedMs: 0, since: 0, running: false };
    },
  }));
  return { elapsed, warning, tick, ...controls };
}

type RecordingClock = ReturnType<typeof useRecordingClock>;

/** The recorder's intervals (the countdown's, the clock's ticks), cleared together when it stops. */
export function useRecorderTimers() {
  const [timers] = useState(() => {
    let ids: number[] = [];
    return {
      add: (id: number) => {
        ids.push(id);
      },
      drop: (id: number) => {
        ids = ids.filter((candidate) => candidate !== id);
      },
      clear: () => {
        for (const id of ids) window.clearInterval(id);
        ids = [];
      },
    };
  });
  return timers;
}

type RecorderTimers = ReturnType<typeof useRecorderTimers>;

/** The microphone, asked for when a recording starts and given back when it ends; its analyser draws the waveform. */
export function useMicrophone() {
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const microphone = useRef<Promise<MicrophoneRecorder | null> | null>(null);
  /** The toast saying the microphone could not be used: it closes once a recording starts after all. */
  const failureToast = useRef<ToastHandle | null>(null);

  const open = useCallback(() => {
    microphone.current = MicrophoneRecorder.open().then(
      (opened) => {
        setAnalyser(opened.analyser);
        return opened;
      },
      (error: unknown) => {
        failureToast.current = notifyFailure(
          error instanceof MicrophoneUnavailable ? CONVERSATION_MESSAGES.microphoneFailed : CONVERSATION_MESSAGES.startRecordingFailed,
          error,
        );
        return null;
      },
    );
  }, []);

  const close = useCallback(async () => {
    const opened = await microphone.current;
    microphone.current = null;
    opened?.release();
    setAnalyser(null);
  }, []);

  return { analyser, microphone, failureToast, open, close };
}

export type Microphone = Omit<ReturnType<typeof useMicrophone>, 'analyser'>;

/**
 * One recording between Start and Stop: its live session (the chunks streamed as they come), begun
 * after the countdown, and at Stop the whole file handed to `onRecorded`. Everything it is given is
 * stable, so `release` is too: the recorder's unmount gives the microphone back only once.
 */
export function useRecordingSession(
  { microphone, failureToast, close }: Microphone,
  timers: RecorderTimers,
  clock: RecordingClock,
  setState: (state: RecorderState) => void,
  onRecorded: (recording: FinishedRecording) => void,
) {
  const live = useRef<LiveRecording | null>(null);
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;
  const { clear, halt, run, tick } = clock;

  /** Gives the microphone back and forgets this recording's parts. */
  const release = useCallback(async () => {
    timers.clear();
    clear();
    await close();
  }, [timers, clear, close]);

  const stop = useCallback(() => {
    const opening = microphone.current;
    if (!opening) return;
    timers.clear();
    halt();
    void (async () => {
      const opened = await opening;
      const session = live.current;
      live.current = null;
      setState('idle');
      if (!opened || !session) return;
      const finished = await finishedRecording(opened, session, release);
      if (finished) onRecordedRef.current(finished);
    })();
  }, [microphone, timers, halt, setState, release]);

  const begin = useCallback(async () => {
    const opened = await microphone.current;
    if (!opened) return;
    try {
      live.current = startStreaming(opened);
    } catch (error) {
      failureToast.current = notifyFailure(CONVERSATION_MESSAGES.startRecordingFailed, error);
      await release();
      setState('idle');
      return;
    }
    run();
    // On the page as the recording starts, however late the page would render it.
    flushSync(() => setState('recording'));
    failureToast.current?.dismiss();
    failureToast.current = null;
    timers.add(window.setInterval(tick, TICK_MS));
  }, [microphone, failureToast, release, run, setState, timers, tick]);

  /** Drops the live session (Restart, leaving the page). */
  const cancel = useCallback(() => {
    live.current?.cancel();
    live.current = null;
  }, []);

  return { release, stop, begin, cancel };
}
