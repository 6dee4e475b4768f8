import { describe, expect, it } from 'vitest';
import {
  buildChatHistory,
  hasUnsavedAnswers,
  markSavedThrough,
  newMessage,
  openingMessage,
  savedMessages,
  spokenReplySource,
  toSnippetHistory,
  uncertainSpans,
  unsavedMessages,
  withCorrectedTranscript,
  withAudioPiece,
  withFirstAudioPiece,
  withoutPendingAudio,
  type ConversationMessage,
} from './conversation-messages.ts';

const T1 = '2025-01-01T10:00:00.000Z';
const T2 = '2025-01-01T10:01:00.000Z';
const T3 = '2025-01-01T10:02:00.000Z';

function conversation(): ConversationMessage[] {
  return [
    ...savedMessages([{ userMessage: 'I led a team', aiResponse: 'Tell me more', timestamp: T1 }]),
    newMessage('We shipped in May', 'What was the result?', T2),
    newMessage('Sales grew 20%', 'Great outcome', T3),
  ];
}

describe('newMessage and savedMessages', () => {
  it('starts new exchanges unsaved and loaded ones saved, each with its own key', () => {
    const loaded = savedMessages([
      { userMessage: 'a', aiResponse: 'b', timestamp: T1, audioResponse: 'QUJD' },
      { userMessage: 'c', aiResponse: 'd', timestamp: T2 },
    ]);
    expect(loaded.map((m) => m.isSaved)).toEqual([true, true]);
    expect(loaded[0]?.audioResponse).toBe('QUJD');
    expect(loaded[1]?.audioResponse).toBeNull();
    const fresh = newMessage('e', 'f', T3);
    expect(fresh.isSaved).toBe(false);
    expect(new Set([...loaded, fresh].map((m) => m.key)).size).toBe(3);
  });
});

describe('spokenReplySource', () => {
  it('plays a saved reply from its URL, so a loaded thread never carries the audio', () => {
    const [loaded] = savedMessages([{ userMessage: 'a', aiResponse: 'b', timestamp: T1, audioUrl: '/api/conversation-threads/4/messages/9/audio' }]);
    if (!loaded) throw new Error('fixture');
    expect(loaded.audioResponse).toBeNull();
    expect(spokenReplySource(loaded)).toBe('/api/conversation-threads/4/messages/9/audio');
  });

  it('plays a new reply’s audio as it came, and nothing for a reply without audio', () => {
    expect(spokenReplySource(newMessage('a', 'b', T1, 'SUQz'))).toBe('data:audio/mpeg;base64,SUQz');
    expect(spokenReplySource(newMessage('a', 'b', T1))).toBeNull();
    expect(savedMessages([{ userMessage: 'a', aiResponse: 'b', timestamp: T1 }])[0]?.audioUrl).toBeNull();
  });
});

describe('buildChatHistory', () => {
  it('sends user then assistant turns, oldest first, with timestamps', () => {
    expect(buildChatHistory(conversation())).toEqual([
      { role: 'user', content: 'I led a team', timestamp: T1 },
      { role: 'assistant', content: 'Tell me more', timestamp: T1 },
      { role: 'user', content: 'We shipped in May', timestamp: T2 },
      { role: 'assistant', content: 'What was the result?', timestamp: T2 },
      { role: 'user', content: 'Sales grew 20%', timestamp: T3 },
      { role: 'assistant', content: 'Great outcome', timestamp: T3 },
    ]);
  });

  it('is empty for a new conversation', () => {
    expect(buildChatHistory([])).toEqual([]);
  });

  it('keeps only the newest turns beyond the limit', () => {
    const history = buildChatHistory(conversation(), 3);
    expect(history.map((t) => t.content)).toEqual(['What was the result?', 'Sales grew 20%', 'Great outcome']);
    expect(buildChatHistory(conversation(), 0)).toEqual([]);
  });
});

describe('toSnippetHistory', () => {
  it('lists every exchange, saved or not, in the snippet shape', () => {
    expect(toSnippetHistory(conversation())).toEqual([
      { userMessage: 'I led a team', aiResponse: 'Tell me more', timestamp: T1 },
      { userMessage: 'We shipped in May', aiResponse: 'What was the result?', timestamp: T2 },
      { userMessage: 'Sales grew 20%', aiResponse: 'Great outcome', timestamp: T3 },
    ]);
  });
});

describe('save range', () => {
  it('saves only the unsaved exchanges, in order', () => {
    expect(unsavedMessages(conversation()).map((m) => m.userMessage)).toEqual(['We shipped in May', 'Sales grew 20%']);
    expect(unsavedMessages(savedMessages([{ userMessage: 'a', aiResponse: 'b', timestamp: T1 }]))).toEqual([]);
  });

  it('marks every exchange up to the saved one as saved', () => {
    const messages = conversation();
    const last = messages[2];
    if (!last) throw new Error('fixture');
    expect(markSavedThrough(messages, last.key).map((m) => m.isSaved)).toEqual([true, true, true]);
  });

  it('leaves exchanges after the saved one unsaved (a partial save, or a reply that came in during the save)', () => {
    const messages = conversation();
    const middle = messages[1];
    if (!middle) throw new Error('fixture');
    const marked = markSavedThrough(messages, middle.key);
    expect(marked.map((m) => m.isSaved)).toEqual([true, true, false]);
    expect(unsavedMessages(marked).map((m) => m.userMessage)).toEqual(['Sales grew 20%']);
  });

  it('changes nothing for an unknown key and does not mutate its input', () => {
    const messages = conversation();
    expect(markSavedThrough(messages, 'nope').map((m) => m.isSaved)).toEqual([true, false, false]);
    const middle = messages[1];
    if (!middle) throw new Error('fixture');
    markSavedThrough(messages, middle.key);
    expect(messages.map((m) => m.isSaved)).toEqual([true, false, false]);
  });
});

describe('a reply spoken in pieces', () => {
  /** A fake MP3 frame run (frame sync, MPEG-1 layer III, 64 kbit/s, 44.1 kHz) with a marker byte. */
  const frames = (marker: number) => Buffer.from([0xff, 0xfb, 0x50, 0xc4, marker, marker]).toString('base64');
  const timing = (word: string, start: number) => ({ word, start, end: start + 0.3 });

  it('starts with the first piece, takes the later ones in order, and joins their audio and word times', () => {
    const arrived = newMessage('we shipped it', 'Good. What did you do next?', '2026-01-01T00:00:00.000Z', frames(1), [timing('Good.', 0)]);
    const first = withFirstAudioPiece(arrived, 1);
    expect(first.audioPieces).toEqual([{ audio: frames(1), offsetSeconds: 0 }]);
    expect(first.audioPiecesPending).toBe(1);
    expect(spokenReplySource(first)).toBe(`data:audio/mpeg;base64,${frames(1)}`);

    const whole = withAudioPiece(first, { index: 1, audioResponse: frames(2), offsetSeconds: 0.6, wordTimings: [timing('What', 0.7), timing('did', 1)] });
    expect(whole.audioPiecesPending).toBe(0);
    expect(whole.audioPieces?.map((piece) => piece.offsetSeconds)).toEqual([0, 0.6]);
    expect(whole.wordTimings?.map((word) => word.word)).toEqual(['Good.', 'What', 'did']);
    expect([...Buffer.from(whole.audioResponse ?? '', 'base64')]).toEqual([0xff, 0xfb, 0x50, 0xc4, 1, 1, 0xff, 0xfb, 0x50, 0xc4, 2, 2]);
    // The message it came from is left as it was.
    expect(first.audioResponse).toBe(frames(1));
  });

  it('joins long pieces too (no call overflows on a reply of hundreds of KB)', () => {
    const big = Buffer.alloc(300_000, 7);
    big.set([0xff, 0xfb, 0x50, 0xc4]);
    const message = withAudioPiece(withFirstAudioPiece(newMessage('a', 'b c', 'now', big.toString('base64')), 1), {
      index: 1,
      audioResponse: big.toString('base64'),
      offsetSeconds: 9,
      wordTimings: [],
    });
    expect(Buffer.from(message.audioResponse ?? '', 'base64').equals(Buffer.concat([big, big]))).toBe(true);
  });

  it('stops waiting when the rest will not come, and leaves a reply without audio as it is', () => {
    const waiting = withFirstAudioPiece(newMessage('a', 'b', 'now', frames(1)), 2);
    expect(withoutPendingAudio(waiting).audioPiecesPending).toBe(0);
    const textOnly = newMessage('a', 'b', 'now');
    expect(withFirstAudioPiece(textOnly, 2)).toBe(textOnly);
    expect(withoutPendingAudio(textOnly)).toBe(textOnly);
  });
});

describe('savedMessages from a thread', () => {
  it('keeps each saved message’s id, so the thread can open at one', () => {
    const [first, second] = savedMessages([
      { id: '42', userMessage: 'a', aiResponse: 'b', timestamp: T1 },
      { userMessage: 'c', aiResponse: 'd', timestamp: T2 },
    ]);
    expect(first?.savedId).toBe('42');
    expect(second).not.toHaveProperty('savedId');
  });
});

describe('the interviewer’s opening question (issue 19)', () => {
  const opening = () => openingMessage('Tell me about a time you led a team.', T1);

  it('is the coach’s turn alone in the history the first answer sends', () => {
    const messages = [opening(), newMessage('Hi, I am ready', 'Great, let’s begin. Tell me about a time you led a team.', T2)];
    expect(buildChatHistory(messages).map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'assistant', content: 'Tell me about a time you led a team.' },
      { role: 'user', content: 'Hi, I am ready' },
      { role: 'assistant', content: 'Great, let’s begin. Tell me about a time you led a team.' },
    ]);
  });

  it('is kept in a snippet’s practice as an exchange without the person’s words, and read back as the opening', () => {
    const messages = [opening(), newMessage('I led the migration', 'What was the result?', T2)];
    const saved = toSnippetHistory(messages);
    expect(saved[0]).toEqual({ userMessage: '', aiResponse: 'Tell me about a time you led a team.', timestamp: T1 });
    const loaded = savedMessages(saved);
    expect(loaded.map((m) => Boolean(m.opening))).toEqual([true, false]);
    expect(buildChatHistory(loaded)[0]).toMatchObject({ role: 'assistant', content: 'Tell me about a time you led a team.' });
  });

  it('spoken, keeps the id its audio is kept under, as a voice turn’s reply does; typed, has none', () => {
    const spoken = openingMessage('Tell me about a time you led a team.', T1, 'SUQz', [{ word: 'Tell', start: 0, end: 0.3 }], 'reply-1-abc');
    expect(spoken).toMatchObject({ opening: true, audioResponse: 'SUQz', audioId: 'reply-1-abc' });
    expect(opening()).not.toHaveProperty('audioId');
    expect(openingMessage('Q?', T1, 'SUQz', null, null)).not.toHaveProperty('audioId');
  });

  it('alone is nothing to save or to lose; a thread’s Save stores only the exchanges with the person’s words', () => {
    expect(unsavedMessages([opening()])).toEqual([]);
    expect(hasUnsavedAnswers([opening()])).toBe(false);
    const answered = [opening(), newMessage('I led the migration', 'What was the result?', T2)];
    expect(hasUnsavedAnswers(answered)).toBe(true);
    expect(unsavedMessages(answered).map((m) => m.userMessage)).toEqual(['I led the migration']);
  });
});

describe('a transcript the person can trust (issue 19, 4)', () => {
  it('finds the words the recogniser was unsure of in the transcript, one per word, or each after the last when they do not line up', () => {
    const transcript = 'I lead the art migration  in twenty twenty';
    const words = ['I', 'lead', 'the', 'art', 'migration', 'in', 'twenty', 'twenty'].map((word) => ({ word, uncertain: word === 'art' || word === 'lead' }));
    expect(uncertainSpans(transcript, words).map(({ start, end }) => transcript.slice(start, end))).toEqual(['lead', 'art']);
    // Another count of words (the text was cleaned): each is looked for after the previous one.
    const fewer = [
      { word: 'lead', uncertain: false },
      { word: 'art', uncertain: true },
      { word: 'twenty', uncertain: true },
    ];
    expect(uncertainSpans(transcript, fewer).map(({ start, end }) => transcript.slice(start, end))).toEqual(['art', 'twenty']);
    expect(uncertainSpans(transcript, undefined)).toEqual([]);
    expect(
      uncertainSpans(
        transcript,
        words.map((word) => ({ ...word, uncertain: false })),
      ),
    ).toEqual([]);
  });

  it('a corrected transcript is the person’s words, with nothing unsure left, and goes into the history the next turn sends', () => {
    const heard = { ...newMessage('I lead the art migration', 'What was the result?', T1), spoken: true, uncertain: [{ start: 2, end: 6 }] };
    const corrected = withCorrectedTranscript(heard, 'I led the data migration');
    expect(corrected).toMatchObject({ userMessage: 'I led the data migration', uncertain: [], corrected: true, key: heard.key });
    expect(buildChatHistory([corrected])[0]?.content).toBe('I led the data migration');
    expect(toSnippetHistory([corrected])[0]?.userMessage).toBe('I led the data migration');
  });
});
