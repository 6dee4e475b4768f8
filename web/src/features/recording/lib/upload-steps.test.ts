import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEECH_MESSAGES } from '@story/proto';
import { paceUploadSteps, UPLOAD_STEP_MIN_MS, uploadStep } from './upload-steps.ts';

describe('paceUploadSteps', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows every step in order, each for its time, when the answer comes before the steps were seen', async () => {
    const shown: { label: string; at: number }[] = [];
    const start = Date.now();
    const pacer = paceUploadSteps((label) => shown.push({ label, at: Date.now() - start }));
    pacer.reach(1);
    let done = false;
    void pacer.finish().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(3 * UPLOAD_STEP_MIN_MS);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_STEP_MIN_MS);
    expect(done).toBe(true);
    expect(shown).toEqual([
      { label: SPEECH_MESSAGES.transcribing, at: UPLOAD_STEP_MIN_MS },
      { label: SPEECH_MESSAGES.processingTranscript, at: 2 * UPLOAD_STEP_MIN_MS },
      { label: SPEECH_MESSAGES.generating, at: 3 * UPLOAD_STEP_MIN_MS },
    ]);
  });

  it('follows a slow upload at once, and adds no wait once the last step has had its time', async () => {
    const shown: string[] = [];
    const pacer = paceUploadSteps((label) => shown.push(label));
    await vi.advanceTimersByTimeAsync(5000);
    pacer.reach(1);
    expect(shown).toEqual([SPEECH_MESSAGES.transcribing]);
    await vi.advanceTimersByTimeAsync(5000);
    pacer.reach(3);
    expect(shown).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(UPLOAD_STEP_MIN_MS);
    expect(shown.at(-1)).toBe(SPEECH_MESSAGES.generating);
    await vi.advanceTimersByTimeAsync(UPLOAD_STEP_MIN_MS);
    let done = false;
    void pacer.finish().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('stops on cancel and lets a waiting finish go', async () => {
    const shown: string[] = [];
    const pacer = paceUploadSteps((label) => shown.push(label));
    let done = false;
    void pacer.finish().then(() => {
      done = true;
    });
    pacer.cancel();
    await vi.advanceTimersByTimeAsync(10 * UPLOAD_STEP_MIN_MS);
    expect(done).toBe(true);
    expect(shown).toEqual([]);
  });

  it('counts each step’s time from its paint, so a page that paints late still shows every step its time', async () => {
    const PAINT_LATE_MS = 300;
    const painted: { label: string; at: number }[] = [];
    const start = Date.now();
    let label: string = SPEECH_MESSAGES.uploading;
    // A busy page: what is shown is painted 300 ms later.
    const paintLate = (callback: () => void) =>
      setTimeout(() => {
        painted.push({ label, at: Date.now() - start });
        callback();
      }, PAINT_LATE_MS);
    const pacer = paceUploadSteps((next) => (label = next), UPLOAD_STEP_MIN_MS, paintLate);
    let done = false;
    void pacer.finish().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(4 * (UPLOAD_STEP_MIN_MS + PAINT_LATE_MS));
    expect(done).toBe(true);
    expect(painted.map((step) => step.label)).toEqual([
      SPEECH_MESSAGES.uploading,
      SPEECH_MESSAGES.transcribing,
      SPEECH_MESSAGES.processingTranscript,
      SPEECH_MESSAGES.generating,
    ]);
    // From one paint to the next: the step's own time on screen.
    for (let index = 1; index < painted.length; index++)
      expect((painted[index]?.at ?? 0) - (painted[index - 1]?.at ?? 0)).toBeGreaterThanOrEqual(UPLOAD_STEP_MIN_MS);
  });
});

describe('uploadStep', () => {
  it('follows the upload’s steps: 25, 50, 75 and 90 percent', () => {
    expect(
      [SPEECH_MESSAGES.uploading, SPEECH_MESSAGES.transcribing, SPEECH_MESSAGES.processingTranscript, SPEECH_MESSAGES.generating].map(
        (label) => uploadStep(label).percent,
      ),
    ).toEqual([25, 50, 75, 90]);
    expect(uploadStep('anything else').percent).toBe(25);
  });
});
