import { describe, expect, it } from 'vitest';
import { answerPieces } from './highlighted-answer.ts';

describe('answerPieces', () => {
  it('cuts the answer at the quotes, in order, every character once', () => {
    const answer = 'At Acme I led the move. It cut costs by 20%.';
    const pieces = answerPieces(answer, [
      { start: 24, end: 44, label: 'Result' },
      { start: 0, end: 7, label: 'Situation' },
      { start: 5, end: 22, label: 'Action' },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(answer);
    expect(pieces.filter((piece) => piece.label).map((piece) => [piece.label, piece.text])).toEqual([
      ['Situation', 'At Acme'],
      ['Action', ' I led the move'],
      ['Result', 'It cut costs by 20%.'],
    ]);
  });

  it('ignores empty and out-of-range quotes', () => {
    expect(
      answerPieces('Short.', [
        { start: 3, end: 3, label: 'x' },
        { start: 10, end: 20, label: 'y' },
      ]),
    ).toEqual([{ text: 'Short.', label: null }]);
  });
});
