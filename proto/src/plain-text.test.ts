import { describe, expect, it } from 'vitest';
import { stripHiddenCharacters } from './plain-text.ts';

describe('stripHiddenCharacters (issue 36, 7)', () => {
  it('removes bidi embeddings, overrides, isolates and marks, zero-width characters, the BOM and controls', () => {
    const hidden =
      '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u200c\u200d\u2060\ufeff\u00ad\u0000\u0007\u001b\u007f\u0085\r';
    expect(stripHiddenCharacters(`Ada${hidden} Park`)).toBe('Ada Park');
    // "exe.png" on screen, "gnp.exe" in fact: the override goes, the text reads as it is.
    expect(stripHiddenCharacters('invoice\u202egnp.exe')).toBe('invoicegnp.exe');
  });

  it('keeps line breaks, tabs and every visible letter, accent, emoji and script', () => {
    const text = 'Café — 北京 · عربى · ✓ 🚀\n\tnext line';
    expect(stripHiddenCharacters(text)).toBe(text);
    expect(stripHiddenCharacters('one\r\ntwo')).toBe('one\ntwo');
  });
});
