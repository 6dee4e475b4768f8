import { describe, expect, it } from 'vitest';
import { sentenceSpans, sentencesOf } from './sentences.ts';

describe('sentencesOf', () => {
  it('keeps decimals, money and versions whole', () => {
    expect(sentencesOf('The report took 45 seconds. It came back in 1.8 seconds! We saved $1.2M on v2.3.')).toEqual([
      'The report took 45 seconds.',
      'It came back in 1.8 seconds!',
      'We saved $1.2M on v2.3.',
    ]);
  });

  it('ends a sentence at a line break, and at the end without a closing mark', () => {
    expect(sentencesOf('First turn without a stop\n\nSecond turn. Third one')).toEqual(['First turn without a stop', 'Second turn.', 'Third one']);
  });

  it('keeps "..." and "?!" with their sentence, and leaves out what has no words', () => {
    expect(sentencesOf('Well... it worked?! Yes. ...')).toEqual(['Well...', 'it worked?!', 'Yes.']);
  });

  it('gives spans of the text as written', () => {
    const text = '  Up 4.5%.  Down 2. ';
    expect(sentenceSpans(text).map((span) => text.slice(span.start, span.end))).toEqual(['Up 4.5%.', 'Down 2.']);
  });
});
