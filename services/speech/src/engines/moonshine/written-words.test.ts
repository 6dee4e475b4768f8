import { describe, expect, it } from 'vitest';
import { asTranscriptWords, numberInWords, writtenAsTranscript } from './written-words.ts';

describe('Moonshine’s writing as the transcripts are written', () => {
  it('says figures in words: amounts, percentages, decimals, thousands and years', () => {
    expect(asTranscriptWords('We cut costs by 80% in 2019, saving $20,000.')).toBe(
      'We cut costs by eighty percent in twenty nineteen, saving twenty thousand dollars.',
    );
    expect(asTranscriptWords('I analysed 3.5 million rows in 2005 and 1999.')).toBe(
      'I analyzed three point five million rows in two thousand five and nineteen ninety nine.',
    );
    expect(asTranscriptWords('We grew 10x to 250k users; 12,345 paid £1.')).toBe(
      'We grew ten times to two hundred fifty thousand users; twelve thousand three hundred forty five paid one pound.',
    );
    expect(numberInWords(101)).toBe('one hundred one');
    expect(numberInWords(2_000_017)).toBe('two million seventeen');
  });

  it('spells the American way, keeping capitals and punctuation', () => {
    expect(asTranscriptWords('Organised, I prioritised the colour of the centre per cent.')).toBe('Organized, I prioritized the color of the center percent.');
    expect(asTranscriptWords('Our behaviour was modelled on the programme.')).toBe('Our behavior was modeled on the program.');
  });

  it('leaves words that only look British alone', () => {
    expect(asTranscriptWords('I raise the premise; a wise exercise, otherwise noise.')).toBe('I raise the premise; a wise exercise, otherwise noise.');
    expect(asTranscriptWords('We promised to advise and revise.')).toBe('We promised to advise and revise.');
  });

  it('gives each word of a figure the figure’s probability, and "per cent" the lower of its two', () => {
    const words = writtenAsTranscript([
      { text: '80', probability: 0.7 },
      { text: 'per', probability: 0.9 },
      { text: 'cent.', probability: 0.6 },
    ]);
    expect(words).toEqual([
      { text: 'eighty', probability: 0.7 },
      { text: 'percent.', probability: 0.6 },
    ]);
  });
});
