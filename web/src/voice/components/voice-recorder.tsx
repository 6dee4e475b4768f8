import { useEffect, useRef, useState, type RefObject } from 'react';
import { styled } from 'styled-components';
import { SPEECH_MESSAGES } from '@story/proto';
import { Button } from '../../components/button.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { MicIcon } from '../../components/icons.tsx';
import { BusyStatus } from '../../components/spinner.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.ts';
import { useSilenceStop } from '../hooks/use-silence-stop.ts';
import { useVoiceRecorder, type FinishedRecording, type RecorderState, type VoiceRecorder as VoiceRecorderState } from '../hooks/use-voice-recorder.ts';
import { Waveform } from './waveform.tsx';

const Recorder = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Countdown = styled.p`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    color: ${({ theme }) => theme.colors.primary};
    font-variant-numeric: tabular-nums;
  }
`;

const Timer = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  span {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Warning = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Seconds as m:ss. */
export function clockTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface VoiceRecorderProps {
  /** The user's limit in seconds; null until it is known. */
  timeLimit: number | null;
  /** Start by itself once the limit is known (type=voice, or a new conversation without a type). */
  autoStart: boolean;
  /** What the turn being answered says, or null when none is. */
  processing: string | null;
  onRecorded: (recording: FinishedRecording) => void;
  /** Told when a recording starts (the countdown) and when it ends: what is being said would be lost on leaving. */
  onRecordingChange?: (recording: boolean) => void;
  /** Count 3, 2, 1 before recording (the default); false records at once. */
  countdown?: boolean;
  /** Hands-free: a silence this long (after speech) stops the recording; null or absent: only Stop does. */
  stopAfterSilenceSeconds?: number | null;
  /** What Start says (default "Start recording"). */
  startLabel?: string;
}

/** Seconds recorded against the limit. */
function RecorderTimer({ elapsed, timeLimit }: { elapsed: number; timeLimit: number | null }) {
  return (
    <Timer role="timer" aria-label={`Recorded ${clockTime(elapsed)} of ${timeLimit === null ? 'no limit' : clockTime(timeLimit)}`}>
      {clockTime(elapsed)} {timeLimit !== null && <span>/ {clockTime(timeLimit)}</span>}
    </Timer>
  );
}

interface RecorderControlsProps {
  state: RecorderState;
  /** No answer is being made: a recording may start. */
  canStart: boolean;
  /** The limit is known: Start is enabled. */
  timeKnown: boolean;
  recorder: Pick<VoiceRecorderState, 'pause' | 'resume' | 'stop'>;
  stopRef: RefObject<HTMLButtonElement | null>;
  onStart: () => void;
  /** Restart was pressed: it asks first. */
  onRestart: () => void;
  startLabel: string;
}

/** Start recording while idle; Pause or Resume, Restart and Stop while recording. */
function RecorderControls({ state, canStart, timeKnown, recorder, stopRef, onStart, onRestart, startLabel }: RecorderControlsProps) {
  const active = state === 'recording' || state === 'paused';
  return (
    <Controls>
      {state === 'idle' && canStart && (
        <Button onClick={onStart} disabled={!timeKnown} data-answer-box>
          <MicIcon size={18} />
          {startLabel}
        </Button>
      )}
      {active && (
        <>
          {/* One button that changes its word, so the keyboard's focus stays on it. */}
          <Button $variant="secondary" onClick={state === 'paused' ? recorder.resume : recorder.pause}>
            {state === 'paused' ? 'Resume' : 'Pause'}
          </Button>
          <Button $variant="secondary" onClick={onRestart}>
            Restart
          </Button>
          <Button ref={stopRef} onClick={recorder.stop}>
            Stop
          </Button>
        </>
      )}
    </Controls>
  );
}

/** Tells `onRecordingChange` when a recording starts and ends, and that it ended when the recorder goes (the microphone is released). */
function useRecordingReport(inProgress: boolean, onRecordingChange: ((recording: boolean) => void) | undefined): void {
  useEffect(() => {
    onRecordingChange?.(inProgress);
  }, [inProgress, onRecordingChange]);
  useEffect(() => () => onRecordingChange?.(false), [onRecordingChange]);
}

/**
 * The voice recorder of /recording (and of a mock interview's spoken answers): countdown, waveform,
 * timer against the limit, Pause/Resume, Restart (confirmed), Stop, and in hands-free mode a stop
 * after a silence; "Processing your recording..." while the answer is made. Every control
 * is a button, so the whole recorder works from the keyboard; changes of state are announced.
 */
export function VoiceRecorder({
  timeLimit,
  autoStart,
  processing,
  onRecorded,
  onRecordingChange,
  countdown = true,
  stopAfterSilenceSeconds = null,
  startLabel = 'Start recording',
}: VoiceRecorderProps) {
  const recorder = useVoiceRecorder(timeLimit ?? Number.POSITIVE_INFINITY, onRecorded, { countdown });
  const [confirmingRestart, setConfirmingRestart] = useState(false);
  const started = useRef(false);
  const stopRef = useRef<HTMLButtonElement>(null);
  const { state } = recorder;
  const active = state === 'recording' || state === 'paused';
  const inProgress = state !== 'idle';
  useSilenceStop(recorder.analyser, state === 'recording', stopAfterSilenceSeconds, recorder.stop);

  useRecordingReport(inProgress, onRecordingChange);

  useEffect(() => {
    if (!autoStart || timeLimit === null || started.current) return;
    started.current = true;
    recorder.start();
  }, [autoStart, recorder, timeLimit]);

  // The Start button is gone once recording: keep the keyboard's place on the recorder.
  useEffect(() => {
    if (state === 'recording' && (document.activeElement === document.body || document.activeElement === null)) stopRef.current?.focus();
  }, [state]);

  const handleStart = () => {
    started.current = true;
    recorder.start();
  };
  const handleRestartConfirmed = () => {
    setConfirmingRestart(false);
    recorder.restart();
  };
  const announcement = state === 'recording' ? 'Recording' : state === 'paused' ? 'Recording paused' : '';

  return (
    <Recorder>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {state === 'countdown' && countdown && (
        <Countdown role="status">
          <strong>{recorder.countdown}</strong>
          {SPEECH_MESSAGES.countdownStarting}
        </Countdown>
      )}
      {(state === 'countdown' || active) && <Waveform analyser={recorder.analyser} active={state === 'recording'} />}
      {active && <RecorderTimer elapsed={recorder.elapsed} timeLimit={timeLimit} />}
      {active && recorder.warning && <Warning role="alert">{recorder.warning}</Warning>}
      {processing !== null && <BusyStatus>{processing}</BusyStatus>}
      <RecorderControls
        state={state}
        canStart={processing === null}
        timeKnown={timeLimit !== null}
        recorder={recorder}
        stopRef={stopRef}
        onStart={handleStart}
        onRestart={() => setConfirmingRestart(true)}
        startLabel={startLabel}
      />
      <ConfirmDialog
        open={confirmingRestart}
        title={SPEECH_MESSAGES.restartTitle}
        description={SPEECH_MESSAGES.restartBody}
        cancelLabel={SPEECH_MESSAGES.restartNo}
        confirmLabel={SPEECH_MESSAGES.restartYes}
        onCancel={() => setConfirmingRestart(false)}
        onConfirm={handleRestartConfirmed}
      />
    </Recorder>
  );
}
