import { describe, expect, it } from 'vitest';
import { newMessage, openingMessage } from './conversation-messages.ts';
import { transcribeForm } from '../api/voice.api.ts';
import { turnContextOf } from './turn-context.ts';

const T1 = '2025-01-01T10:00:00.000Z';

describe('turnContextOf', () => {
  it('sends the history, the context and the snippet the feedback is filed under', () => {
    const messages = [openingMessage('Tell me about a launch.', T1), newMessage('I led it', 'What was hard?', T1)];
    const turn = turnContextOf(messages, null, { context: 'Lead launches', snippetId: 3, threadId: '8' });
    expect(turn.conversationHistory.map((entry) => [entry.role, entry.content])).toEqual([
      ['assistant', 'Tell me about a launch.'],
      ['user', 'I led it'],
      ['assistant', 'What was hard?'],
    ]);
    expect(turn).toMatchObject({ context: 'Lead launches', snippetId: 3 });
    expect(turn).not.toHaveProperty('threadId');
  });

  it('asks the question asked again last, and files a thread’s answer under its thread', () => {
    const turn = turnContextOf([newMessage('I led it', 'What was hard?', T1)], 'Tell me about a launch.', { context: undefined, snippetId: 0, threadId: '8' });
    expect(turn.conversationHistory.at(-1)).toEqual({ role: 'assistant', content: 'Tell me about a launch.' });
    expect(turn).toEqual({ conversationHistory: turn.conversationHistory, threadId: 8 });
    expect(turnContextOf([], null, { context: '', snippetId: 0, threadId: null })).toEqual({ conversationHistory: [] });
  });

  it('carries the résumé bullet whose story is told in every turn, typed (the context) and spoken (the upload’s form)', () => {
    const resumeBullet = { resumeId: 4, bulletId: 'b-checkout' };
    const turn = turnContextOf([], null, { context: undefined, snippetId: 0, threadId: '8', resumeBullet });
    expect(turn).toEqual({ conversationHistory: [], threadId: 8, resumeBullet });
    const form = transcribeForm(new File([new Uint8Array(2000)], 'recording.mp4'), turn);
    expect([form.get('resumeId'), form.get('bulletId')]).toEqual(['4', 'b-checkout']);
    expect(transcribeForm(new File([], 'a.mp4'), { conversationHistory: [] }).has('resumeId')).toBe(false);
  });
});
