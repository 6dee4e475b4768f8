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
