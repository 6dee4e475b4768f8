import { describe, expect, it } from 'vitest';
import { newMessage, openingMessage, savedMessages, withFirstAudioPiece } from '../../../voice/lib/conversation-messages.ts';
import { conversationReducer, initialConversation, type ConversationAction, type ConversationState } from './conversation-reducer.ts';

const T1 = '2025-01-01T10:00:00.000Z';
const T2 = '2025-01-01T10:01:00.000Z';

const run = (...actions: ConversationAction[]): ConversationState => actions.reduce(conversationReducer, initialConversation);

describe('the conversation reducer', () => {
  it('replaces what is on screen with a loaded history, and remembers where it came from', () => {
    const typed = newMessage('typed before', 'reply', T1);
    const loaded = savedMessages([{ id: '7', userMessage: 'I led a team', aiResponse: 'Tell me more', timestamp: T1 }]);
    const state = run({ type: 'answered', message: typed }, { type: 'history-loaded', source: 'thread:5', messages: loaded });
    expect(state.messages).toEqual(loaded);
    expect(state.source).toBe('thread:5');
  });

  it('opens with the interviewer’s question only while nobody has spoken', () => {
    const opening = openingMessage('Tell me about a launch.', T1);
    expect(run({ type: 'opening-arrived', message: opening }).messages).toEqual([opening]);
    const answer = newMessage('I spoke first', 'Go on', T1);
    const late = run({ type: 'answered', message: answer }, { type: 'opening-arrived', message: opening });
    expect(late.messages).toEqual([answer]);
  });

  it('adds each answer, counting it as a change a practice saves after; an opening is no such change', () => {
    const state = run({ type: 'opening-arrived', message: openingMessage('Q?', T1) }, { type: 'answered', message: newMessage('A', 'B', T2) });
    expect(state.messages.map((message) => message.userMessage)).toEqual(['', 'A']);
    expect(state.changes).toBe(1);
  });

  it('asks again the question an answer answered, and the next answer answers it', () => {
    const first = newMessage('first answer', 'Second question?', T1);
    const second = newMessage('second answer', 'Third question?', T2);
    const asked = run({ type: 'answered', message: first }, { type: 'answered', message: second }, { type: 'answer-again', key: second.key });
    expect(asked.askedAgain).toBe('Second question?');
    const answered = conversationReducer(asked, { type: 'answered', message: newMessage('again', 'Better.', T2) });
    expect(answered.askedAgain).toBeNull();
    expect(answered.messages.at(-1)?.askedAgain).toBe('Second question?');
    // Asked again a second time, it keeps the question it was asked.
    const again = conversationReducer(answered, { type: 'answer-again', key: answered.messages.at(-1)?.key ?? '' });
    expect(again.askedAgain).toBe('Second question?');
  });

  it('asks nothing again for the first answer or an unknown one', () => {
    const only = newMessage('first', 'reply', T1);
    const state = run({ type: 'answered', message: only });
    expect(conversationReducer(state, { type: 'answer-again', key: only.key })).toBe(state);
    expect(conversationReducer(state, { type: 'answer-again', key: 'nope' })).toBe(state);
  });

  it('takes a reply’s later pieces of speech, then none', () => {
    const spoken = withFirstAudioPiece(newMessage('I spoke', 'A long reply', T1, 'QUJD', [{ word: 'A', start: 0, end: 0.2 }]), 1);
    const started = run({ type: 'answered', message: spoken });
    const more = conversationReducer(started, {
      type: 'audio-piece',
      key: spoken.key,
      part: { index: 1, audioResponse: 'REVG', offsetSeconds: 1.5, wordTimings: [{ word: 'reply', start: 1.5, end: 1.9 }] },
    });
    const [message] = more.messages;
    expect(message?.audioPieces?.map((piece) => piece.offsetSeconds)).toEqual([0, 1.5]);
    expect(message?.audioPiecesPending).toBe(0);
    expect(message?.wordTimings?.map((timing) => timing.word)).toEqual(['A', 'reply']);
    const waiting = conversationReducer(started, { type: 'audio-ended', key: spoken.key });
    expect(waiting.messages[0]?.audioPiecesPending).toBe(0);
  });

  it('keeps a corrected transcript, counting it as a change', () => {
    const heard = newMessage('I lead the tame', 'Go on', T1);
    const state = run({ type: 'answered', message: heard }, { type: 'transcript-corrected', key: heard.key, transcript: 'I led the team' });
    expect(state.messages[0]).toMatchObject({ userMessage: 'I led the team', corrected: true, uncertain: [] });
    expect(state.changes).toBe(2);
  });

  it('marks exchanges saved through the one saved, and where they went', () => {
    const first = newMessage('one', 'a', T1);
    const second = newMessage('two', 'b', T2);
    const added = run({ type: 'answered', message: first }, { type: 'answered', message: second });
    const saved = conversationReducer(added, { type: 'saved', through: first.key });
    expect(saved.messages.map((message) => message.isSaved)).toEqual([true, false]);
    expect(saved.source).toBeNull();
    expect(conversationReducer(saved, { type: 'saved', through: second.key, source: 'snippet:3' }).source).toBe('snippet:3');
    expect(conversationReducer(added, { type: 'thread-created', threadId: '9' }).source).toBe('thread:9');
  });
});
