import { describe, expect, it } from 'vitest';
import { transcribeForm } from './voice.api.ts';

describe('a whole recording’s form', () => {
  it('names the mock interview’s turn, so an answer sent whole still goes to the interviewer (issue 23)', () => {
    const file = new File(['abc'], 'recording.mp4', { type: 'audio/mp4' });
    const form = transcribeForm(file, { conversationHistory: [], mockInterview: { id: 41, questionIndex: 2, part: 'follow-up' } }, undefined, 'rec-1');
    expect(form.get('mockInterviewId')).toBe('41');
    expect(form.get('mockQuestionIndex')).toBe('2');
    expect(form.get('mockPart')).toBe('follow-up');
    expect(form.get('recordingId')).toBe('rec-1');
    expect(transcribeForm(file, { conversationHistory: [] }).has('mockInterviewId')).toBe(false);
  });
});
