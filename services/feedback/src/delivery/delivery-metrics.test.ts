import type { AnswerWordTiming } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { deliveryFeedback } from './delivery-metrics.ts';
import { correctedWordTimings, uncertainWords } from './uncertain-words.ts';

/** Word timings as a transcriber reports them: each word `step` seconds after the last, with extra silence before the words at `pausesBefore`. */
function timed(transcript: string, step = 0.4, pausesBefore: Record<number, number> = {}): AnswerWordTiming[] {
  let clock = 0.3;
  return transcript.split(/\s+/).map((word, index) => {
    clock += pausesBefore[index] ?? 0;
    const timing = { word, start: clock, end: clock + step * 0.8 };
    clock += step;
    return timing;
  });
}

describe('delivery of a spoken answer', () => {
  const answer = 'so um at the clinic I basically rebuilt the rota and like you know waits fell from forty minutes to twelve';

  it('counts words a minute over the time spoken, and the answer’s length against 1–2 minutes', () => {
    const delivery = deliveryFeedback(answer, { wordTimings: timed(answer, 0.4) });
    expect(delivery?.wordCount).toBe(21);
    // 21 words from 0.3 s to the last word's end (0.3 + 20 × 0.4 + 0.32): 8.32 s.
    expect(delivery?.wordsPerMinute).toBe(151);
    expect(delivery?.durationSeconds).toBe(8.3);
    expect(delivery?.length).toBe('short');
    expect(delivery?.comment).toBe(
      '151 words a minute (a comfortable pace), 5 filler words and no long pauses; at 8 s the answer is shorter than the 1–2 minutes a full answer takes.',
    );
  });

  it('tells thinking before the first word apart from pauses inside the answer (issue 23, 6)', () => {
    // Eight seconds of thought, then the answer, with one real pause of 3 s inside it.
    const words = timed(answer, 0.4, { 0: 8, 10: 3 });
    const delivery = deliveryFeedback(answer, { wordTimings: words, durationSeconds: 20 });
    expect(delivery?.thinkingSeconds).toBe(8.3);
    // The thought is no pause: only the one inside the answer is.
    expect(delivery?.pauses.map((pause) => pause.seconds)).toEqual([3.1]);
    // Nor is it part of the answer's length: 20 s recorded, 8.3 s of it thinking.
    expect(delivery?.durationSeconds).toBe(11.7);
    expect(delivery?.comment).toContain('You took 8 s to think before your first word: that is thinking, not hesitating.');
    // An answer that starts at once has no thinking time worth a word.
    const prompt = deliveryFeedback(answer, { wordTimings: timed(answer, 0.4) });
    expect(prompt?.thinkingSeconds).toBe(0.3);
    expect(prompt?.comment).not.toContain('to think');
  });

  it('does not judge the length of a story turn, which answers a follow-up', () => {
    const delivery = deliveryFeedback(answer, { wordTimings: timed(answer, 0.4) }, { judgeLength: false });
    expect(delivery?.length).toBeNull();
    expect(delivery?.comment).toBe('151 words a minute (a comfortable pace), 5 filler words and no long pauses, over 8 s.');
  });

  it('finds the filler words with where they stand in the text and when they were said', () => {
    const delivery = deliveryFeedback(answer, { wordTimings: timed(answer, 0.4) });
    const fillers = delivery?.fillers ?? [];
    expect(fillers.map((filler) => filler.word)).toEqual(['so', 'um', 'basically', 'like', 'you know']);
    for (const filler of fillers) expect(answer.slice(filler.start, filler.end).toLowerCase()).toBe(filler.word);
    expect(fillers[1]?.atSeconds).toBe(0.7);
  });

  it('counts a "like" that only fills ("we were like always")', () => {
    const spoken = 'we were like always running out';
    expect(deliveryFeedback(spoken, { wordTimings: timed(spoken) })?.fillers.map((filler) => filler.word)).toEqual(['like']);
  });

  it('leaves "like", "so" and "you know" alone where they mean something', () => {
    const plain = 'I would like to say we worked so hard that you know what happened next looks like a win';
    expect(deliveryFeedback(plain, { wordTimings: timed(plain) })?.fillers).toEqual([]);
  });

  it('finds silences longer than 2 s, with the word they follow and their place in the text', () => {
    const spoken = 'I called the supplier and then waited for the answer';
    const delivery = deliveryFeedback(spoken, { wordTimings: timed(spoken, 0.4, { 4: 3.5 }) });
    expect(delivery?.pauses).toEqual([{ offset: spoken.indexOf(' and'), afterWord: 'supplier', atSeconds: 1.8, seconds: 3.6 }]);
  });

  it('uses the recording’s duration for the length when it is known', () => {
    const spoken = 'I called the supplier';
    expect(deliveryFeedback(spoken, { wordTimings: timed(spoken), durationSeconds: 95 })?.length).toBe('good');
    expect(deliveryFeedback(spoken, { wordTimings: timed(spoken), durationSeconds: 150 })?.length).toBe('long');
  });

  it('lines up a transcript that dropped the fillers: the filler sits between the words around it', () => {
    const said = 'I um rebuilt the rota';
    const transcript = 'I rebuilt the rota.';
    const delivery = deliveryFeedback(transcript, { wordTimings: timed(said) });
    expect(delivery?.fillers).toEqual([{ word: 'um', start: 2, end: 2, atSeconds: 0.7 }]);
  });

  it('skips the decoder’s silence and noise markers and gives nothing without words', () => {
    const timings = [
      { word: '<s>', start: 0, end: 0.2 },
      { word: 'read(2)', start: 0.2, end: 0.5 },
      { word: '<sil>', start: 0.5, end: 3 },
      { word: '[NOISE]', start: 3, end: 3.2 },
      { word: 'it', start: 3.2, end: 3.4 },
    ];
    const delivery = deliveryFeedback('Read it', { wordTimings: timings });
    expect(delivery?.wordCount).toBe(2);
    expect(delivery?.pauses).toEqual([{ offset: 4, afterWord: 'read(2)', atSeconds: 0.5, seconds: 2.7 }]);
    expect(deliveryFeedback('Hello', { wordTimings: [{ word: '<sil>', start: 0, end: 2 }] })).toBeNull();
    expect(deliveryFeedback('Hello', { wordTimings: [] })).toBeNull();
  });
});

describe('delivery of a spoken answer with words the recogniser was unsure of (issue 19)', () => {
  const answer = 'so um at the clinic I basically rebuilt the rota and like you know waits fell from forty minutes to twelve';
  const unsure = (words: readonly string[]) => (timing: AnswerWordTiming) => (words.includes(timing.word) ? { ...timing, uncertain: true } : timing);

  it('never counts an unsure word as a filler, nor a "you know" or a habitual "so" that leans on one', () => {
    const delivery = deliveryFeedback(answer, { wordTimings: timed(answer, 0.4).map(unsure(['um', 'basically', 'know'])) });
    // "so" still opens the answer out of habit; "you know" is not one without a sure "know".
    expect(delivery?.fillers.map((filler) => filler.word)).toEqual(['so', 'like']);
    const leaning = deliveryFeedback('we met and so um it worked', { wordTimings: timed('we met and so um it worked', 0.4).map(unsure(['um'])) });
    expect(leaning?.fillers).toEqual([]);
    expect(delivery?.wordCount).toBe(21);
  });
});

describe('the words of the answer the recogniser was unsure of, and a corrected transcript’s timings', () => {
  const heard = 'i led the art of our database'
    .split(' ')
    .map((word, index) => ({ word, start: index * 0.5, end: index * 0.5 + 0.4, ...(word === 'art' ? { uncertain: true } : {}) }));

  it('places the unsure words in the answer’s text by offset', () => {
    expect(uncertainWords('I led the art of our database.', { wordTimings: heard })).toEqual([{ start: 10, end: 13, text: 'art' }]);
    expect(uncertainWords('I led the art of our database.', undefined)).toEqual([]);
  });

  it('gives the corrected words the heard words’ times, none unsure; an added word sits between its neighbours, a removed one is gone', () => {
    const timings = correctedWordTimings('I led the migration of um the database', heard);
    expect(timings.map((timing) => timing.word)).toEqual(['I', 'led', 'the', 'migration', 'of', 'um', 'the', 'database']);
    expect(timings[3]).toEqual({ word: 'migration', start: 1.5, end: 1.9 });
    expect(timings.every((timing) => !('uncertain' in timing))).toBe(true);
    const delivery = deliveryFeedback('I led the migration of um the database', { wordTimings: timings });
    expect(delivery?.fillers.map((filler) => filler.word)).toEqual(['um']);
  });
});
