import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { CONVERSATION_MESSAGES } from '@story/proto';
import { toast } from '../../components/toast/toast-store.ts';
import {
  useMicrophone,
  useRecorderTimers,
  useRecordingClock,
  useRecordingSession,
  type FinishedRecording,
  type RecorderState,
} from './use-recording-session.ts';

export type { FinishedRecording, RecorderState } from './use-recording-session.ts';

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

/** Counts 3, 2, 1, then 0 (each told to `onStep`), then calls `onDone`; the interval's id, to clear it early. */
function countDown(onStep: (left: number) => void, onDone: (timer: number) => void): number {
  let left = COUNTDOWN_FROM;
  const timer = window.setInterval(() => {
    left -= 1;
    if (left >= 0) {
      onStep(left);
      return;
    }
    window.clearInterval(timer);
    onDone(timer);
  }, COUNTDOWN_STEP_MS);
  return timer;
}

export interface VoiceRecorderOptions {
  /** Count 3, 2, 1 before recording (the default); false starts at once (a mock interview's think time came first). */
  countdown?: boolean;
}

/**
 * The voice recorder's life: a 3-second countdown (3, 2, 1, 0; none when `countdown` is false), then the microphone records a chunk each second
 * (each one streamed to the speech service as it comes), with pause and resume, a timer, a warning
 * before the time limit and an automatic stop at it, Stop and Restart. A stopped recording is
 * checked for size and handed to `onRecorded`; the microphone is released.
 */
export function useVoiceRecorder(
  timeLimit: number,
  onRecorded: (recording: FinishedRecording) => void,
  { countdown: counts = true }: VoiceRecorderOptions = {},
): VoiceRecorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [countdown, setCountdown] = useState(COUNTDOWN_FROM);
  const { analyser, ...microphone } = useMicrophone();
  const { microphone: opening, open } = microphone;
  const timers = useRecorderTimers();
  const clock = useRecordingClock(timeLimit, () => {
    session.stop();
    toast({ title: CONVERSATION_MESSAGES.timeLimitReachedTitle, description: CONVERSATION_MESSAGES.timeLimitReached });
  });
  const session = useRecordingSession(microphone, timers, clock, setState, onRecorded);
  const { release, begin, cancel } = session;
  const { reset, pause: pauseClock, resume: resumeClock } = clock;

  const start = useCallback(() => {
    if (opening.current) return;
    /** Records once the microphone is there; without one, the recorder is idle again. */
    const beginWhenOpen = () => void opening.current?.then((opened) => (opened ? begin() : (setState('idle'), release())));
    reset();
    setCountdown(counts ? COUNTDOWN_FROM : 0);
    setState('countdown');
    // Ask for the microphone now, so that a permission prompt comes during the countdown.
    open();
    if (!counts) {
      beginWhenOpen();
      return;
    }
    // 3, 2, 1, then 0 with "Recording starting soon..." for its own step, then the recording. Each number
    // is put on the page when its time starts (flushSync, out of any render: start may run in an effect),
    // so a busy page whose renders come late still shows each one its quarter, and the recording at 3 s.
    const show = (left: number) => flushSync(() => setCountdown(left));
    const launch = window.setTimeout(() => {
      timers.drop(launch);
      show(COUNTDOWN_FROM);
      const timer = countDown(show, (done) => {
        timers.drop(done);
        beginWhenOpen();
      });
      timers.add(timer);
    }, 0);
    timers.add(launch);
  }, [opening, reset, open, timers, begin, release, counts]);

  const pause = useCallback(() => {
    void opening.current?.then((opened) => opened?.pause());
    pauseClock();
    setState('paused');
  }, [opening, pauseClock]);

  const resume = useCallback(() => {
    void opening.current?.then((opened) => opened?.resume());
    resumeClock();
    setState('recording');
  }, [opening, resumeClock]);

  const restart = useCallback(() => {
    cancel();
    void release().then(() => {
      setState('idle');
      start();
    });
  }, [cancel, release, start]);

  // Leaving the page mid-recording drops the session and gives the microphone back.
  useEffect(
    () => () => {
      cancel();
      void release();
    },
    [cancel, release],
  );

  return { state, countdown, elapsed: clock.elapsed, analyser, warning: clock.warning, start, pause, resume, stop: session.stop, restart };
}
