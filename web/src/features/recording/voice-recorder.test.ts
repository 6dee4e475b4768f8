import { describe, expect, it } from 'vitest';
import { SPEECH_MESSAGES } from '@story/proto';
import { uploadStep } from './upload-steps.ts';
import { warningAt } from './use-voice-recorder.ts';
import { announcementOf } from './reply-announcer.tsx';
import { clockTime } from './voice-recorder.tsx';

describe('the recorder’s texts and times', () => {
  it('warns 30 s before the limit, a third of it before for short limits, not at all for very short ones', () => {
    expect(warningAt(300)).toBe(270);
    expect(warningAt(60)).toBe(40);
    expect(warningAt(15)).toBe(10);
    expect(warningAt(12)).toBeNull();
  });

  it('shows times as m:ss', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(65.9)).toBe('1:05');
    expect(clockTime(300)).toBe('5:00');
  });

  it('follows the upload’s steps: 25, 50, 75 and 90 percent', () => {
    expect([SPEECH_MESSAGES.uploading, SPEECH_MESSAGES.transcribing, SPEECH_MESSAGES.processingTranscript, SPEECH_MESSAGES.generating].map((label) => uploadStep(label).percent)).toEqual([25, 50, 75, 90]);
    expect(uploadStep('anything else').percent).toBe(25);
  });

  it('announces what was heard, then the reply; a typed turn only its reply', () => {
    expect(announcementOf({ userMessage: 'I led the team.', aiResponse: 'What happened next?', spoken: true })).toBe('You said: I led the team. The AI replied: What happened next?');
    expect(announcementOf({ userMessage: 'I led the team.', aiResponse: 'What happened next?' })).toBe('The AI replied: What happened next?');
  });
});
