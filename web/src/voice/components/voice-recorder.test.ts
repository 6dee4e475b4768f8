import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '@story/proto';
import { preferredMimeType } from '../lib/microphone-recorder.ts';
import { recordingSizeProblem, warningAt } from '../lib/recording-limits.ts';
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

  it('announces what was heard, then the reply; a typed turn only its reply', () => {
    expect(announcementOf({ userMessage: 'I led the team.', aiResponse: 'What happened next?', spoken: true })).toBe(
      'You said: I led the team. The AI replied: What happened next?',
    );
    expect(announcementOf({ userMessage: 'I led the team.', aiResponse: 'What happened next?' })).toBe('The AI replied: What happened next?');
    expect(announcementOf({ userMessage: '', aiResponse: 'Tell me about a time you led a team.', opening: true })).toBe(
      'The interviewer asks: Tell me about a time you led a team.',
    );
    // The story behind a résumé line is opened by the story coach (issue 22).
    expect(announcementOf({ userMessage: '', aiResponse: 'What was the situation?', opening: true, openedByCoach: true })).toBe(
      'The coach asks: What was the situation?',
    );
  });

  it('records in the first of the specification’s formats the browser has: webm with opus, webm, ogg with opus, mp4', () => {
    const browserWith =
      (...types: string[]) =>
      (type: string) =>
        types.includes(type);
    expect(preferredMimeType(browserWith('audio/mp4', 'audio/webm', 'audio/webm;codecs=opus'))).toBe('audio/webm;codecs=opus');
    expect(preferredMimeType(browserWith('audio/mp4', 'audio/ogg;codecs=opus', 'audio/webm'))).toBe('audio/webm');
    expect(preferredMimeType(browserWith('audio/mp4', 'audio/ogg;codecs=opus'))).toBe('audio/ogg;codecs=opus');
    expect(preferredMimeType(browserWith('audio/mp4'))).toBe('audio/mp4');
    // None of them (an old browser): its own default, rather than refusing to record.
    expect(preferredMimeType(browserWith('audio/x-unknown'))).toBe('');
  });

  it('refuses an empty recording and one under 1000 bytes with the specification’s messages, and sends 1000 bytes', () => {
    expect(recordingSizeProblem(0)).toBe(CONVERSATION_MESSAGES.recordingEmpty);
    expect(recordingSizeProblem(1)).toBe(CONVERSATION_MESSAGES.recordingTooSmall);
    expect(recordingSizeProblem(999)).toBe(CONVERSATION_MESSAGES.recordingTooSmall);
    expect(recordingSizeProblem(1000)).toBeNull();
    expect(recordingSizeProblem(25 * 1024 * 1024)).toBeNull();
  });
});
