import { SPEECH_MESSAGES } from '@story/proto';

/** The upload's steps (spec section 4): what each says, and how far along it is. */
export const UPLOAD_STEPS = [
  { label: SPEECH_MESSAGES.uploading, percent: 25 },
  { label: SPEECH_MESSAGES.transcribing, percent: 50 },
  { label: SPEECH_MESSAGES.processingTranscript, percent: 75 },
  { label: SPEECH_MESSAGES.generating, percent: 90 },
] as const;

/** The step a pending upload's label names (the first step for any other label). */
export function uploadStep(label: string): { label: string; percent: number } {
  return UPLOAD_STEPS.find((step) => step.label === label) ?? UPLOAD_STEPS[0];
}

/** How long transcribing a recording of this length takes, about (the speech workers run at about 0.3x real time). */
export function expectedTranscribingMs(durationSeconds: number): number {
  return Math.max(1000, durationSeconds * 300);
}

/** How long each upload step stays on screen at least, so that every one of them can be read. */
export const UPLOAD_STEP_MIN_MS = 600;

/** Moves an upload through its steps in order, none skipped, each on screen for at least `UPLOAD_STEP_MIN_MS`. */
export interface UploadStepPacer {
  /** The upload has got as far as step `index`: show the steps up to it, each in its turn. */
  reach(index: number): void;
  /** The answer has come: show the steps left through the last; resolves once the last has been on screen its time. */
  finish(): Promise<void>;
  /** Stops moving (the upload failed or the page closed); a `finish` waiting resolves. */
  cancel(): void;
}

/** The longest wait for a paint: a page that paints nothing for this long (a hidden tab) goes on without it. */
const PAINT_WAIT_MS = 1000;

/**
 * Calls back once the browser has painted what was just shown (the frame's animation callbacks run
 * before its paint, a timeout set there after it); at once where nothing paints (no window, a hidden tab).
 */
export function afterNextPaint(callback: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState === 'hidden') return callback();
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    callback();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, PAINT_WAIT_MS);
}

/**
 * Paces the steps of an upload (spec section 4: uploading 25%, transcribing 50%, processing 75%,
 * generating 90%). The first step is on screen when the pacer is made; `show` shows each later one.
 * A fast server would otherwise skip steps or flash them for a frame. Each step's time counts from
 * its paint (`painted`), not from the call that showed it: a busy page may paint a step late.
 */
export function paceUploadSteps(
  show: (label: string) => void,
  minVisibleMs: number = UPLOAD_STEP_MIN_MS,
  painted: (callback: () => void) => void = afterNextPaint,
): UploadStepPacer {
  const last = UPLOAD_STEPS.length - 1;
  let shown = 0;
  let target = 0;
  let shownAt = Date.now();
  let painting = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let finishing = false;
  let stopped = false;
  let finished: (() => void) | null = null;

  const settle = () => {
    finished?.();
    finished = null;
  };

  /** `shownAt` set once the step just shown is on screen; until then nothing moves on. */
  const awaitPaint = () => {
    painting = true;
    painted(() => {
      painting = false;
      shownAt = Date.now();
      if (timer === null) advance();
    });
  };

  const advance = (): void => {
    timer = null;
    if (stopped || painting) return;
    const wait = shownAt + minVisibleMs - Date.now();
    if (wait > 0 && (shown < target || finishing)) {
      timer = setTimeout(advance, wait);
      return;
    }
    if (shown < target) {
      shown += 1;
      show(UPLOAD_STEPS[shown]?.label ?? '');
      awaitPaint();
      return;
    }
    if (finishing) settle();
  };

  awaitPaint();
  return {
    reach(index) {
      target = Math.max(target, Math.min(index, last));
      if (timer === null) advance();
    },
    finish() {
      target = last;
      finishing = true;
      return new Promise((resolve) => {
        finished = resolve;
        if (timer === null) advance();
      });
    },
    cancel() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      settle();
    },
  };
}
