import { afterAll, describe, expect, it } from 'vitest';
import { pdfDocumentCutNote, pdfTurnCutNote } from '@story/proto';
import { boundedText } from './pdf-limits.ts';
import { flatText, pdfReader } from './pdf-reader.testing.ts';
import { boundTranscript, renderTranscriptPdf, type Transcript, type TranscriptTurn } from './pdf-transcript.ts';

const reader = pdfReader('pdf-limits');
afterAll(() => reader.close());

const SMALL = { turnCharacters: 300, documentCharacters: 800, pages: 2 };
const words = (count: number, tag: string) => Array.from({ length: count }, (_unused, index) => `${tag}${index}`).join(' ');
const turn = (text: string, side: TranscriptTurn['side'] = 'person'): TranscriptTurn => ({
  side,
  speaker: side === 'person' ? 'You' : 'Coach',
  at: null,
  text,
});
const transcript = (turns: TranscriptTurn[]): Transcript => ({
  title: 'Caps',
  details: [],
  quote: null,
  sections: [{ heading: null, turns }],
  empty: 'Nothing',
});

describe('boundedText', () => {
  it('keeps a text within the limit as it is, and cuts a longer one between words', () => {
    expect(boundedText('short', 10)).toEqual({ text: 'short', cut: false });
    const cut = boundedText(words(100, 'w'), 50);
    expect(cut.cut).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(50);
    expect(`${cut.text} `).toBe(words(100, 'w').slice(0, cut.text.length + 1));
  });

  it('never cuts inside a character made of two code units', () => {
    const text = '😀'.repeat(10);
    const cut = boundedText(text, 5);
    expect(cut.text).toBe('😀😀');
    expect(cut.cut).toBe(true);
  });
});

describe('boundTranscript', () => {
  it('cuts each long turn, leaves out the turns past the document’s characters, and is the same applied twice', () => {
    const long = turn(words(200, 'long'));
    const bounded = boundTranscript(transcript([turn('hello'), long, turn(words(60, 'a')), turn(words(60, 'b')), turn(words(60, 'c')), turn('never')]), SMALL);
    const turns = bounded.sections[0]?.turns ?? [];
    expect(turns.map((each) => each.cut)).toEqual([false, true, false, false, true]);
    expect(turns.reduce((total, each) => total + each.text.length, 0)).toBeLessThanOrEqual(SMALL.documentCharacters);
    expect(bounded.cut).toBe(true);
    expect(boundTranscript(bounded, SMALL)).toEqual(bounded);
  });

  it('cuts a long quote (a requirement) with an ellipsis, within a turn’s characters, the same applied twice', () => {
    const bounded = boundTranscript({ ...transcript([turn('hello')]), quote: { label: 'The requirement', text: words(200, 'req') } }, SMALL);
    expect(bounded.quote?.text.endsWith(' …')).toBe(true);
    expect(bounded.quote?.text.length).toBeLessThanOrEqual(SMALL.turnCharacters);
    expect(boundTranscript(bounded, SMALL)).toEqual(bounded);
  });

  it('changes nothing in a transcript within the caps', () => {
    const within = transcript([turn('hello'), turn('hi', 'other')]);
    expect(boundTranscript(within, SMALL)).toEqual({
      ...within,
      cut: false,
      sections: [{ heading: null, turns: within.sections[0]?.turns.map((each) => ({ ...each, cut: false })) }],
    });
  });
});

describe('renderTranscriptPdf within caps', () => {
  it('says under a cut turn that it was cut, and ends a document past its last page with a note', async () => {
    const turns = Array.from({ length: 60 }, (_unused, index) =>
      turn(`Turn ${index}. ${words(index === 1 ? 90 : 45, `t${index}x`)}`, index % 2 ? 'other' : 'person'),
    );
    const file = reader.file(await renderTranscriptPdf(transcript(turns), 'a4', undefined, 'test', { ...SMALL, documentCharacters: 1_000_000 }));
    const pages = reader.pages(file);
    // No turn starts past page 2; the last one begun there may run onto page 3.
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(3);
    const text = flatText(reader.text(file));
    expect(text).toContain(flatText(pdfTurnCutNote(SMALL.turnCharacters)));
    expect(text).not.toContain('t1x89');
    expect(text).toContain('Turn 0.');
    expect(text).not.toContain('Turn 59.');
    expect(flatText(reader.text(file, pages))).toContain(flatText(pdfDocumentCutNote(SMALL.pages, 1_000_000)));
  });
});
