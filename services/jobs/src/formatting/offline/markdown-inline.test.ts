import { describe, expect, it } from 'vitest';
import { escapeLineStart, inlineMarkdown, isMathAlphanumericLine } from './markdown-inline.ts';
import { renderedWords } from './rendered-words.ts';

describe('inline markdown of posting text', () => {
  it('escapes what would be syntax, so the text renders as written', () => {
    const samples = ['C++ *nix and snake_case_names', '<b>Senior</b> & R&amp;D', '[here](javascript:alert(1))', 'Use `npm` 50% of the time', 'a \\ b'];
    for (const sample of samples)
      expect(renderedWords(inlineMarkdown(sample)).join(' '), sample).toBe(renderedWords(sample.replace(/[<>*`[\]()\\&;]/g, ' ')).join(' '));
    expect(inlineMarkdown('<script>alert(1)</script>')).toBe('\\<script>alert(1)\\</script>');
    expect(inlineMarkdown('R&amp;D')).toBe('R\\&amp;D');
  });

  it('keeps balanced emphasis, code spans and http links; turns other links into text', () => {
    expect(inlineMarkdown('**Remote** and *async* with `git`')).toBe('**Remote** and *async* with `git`');
    expect(inlineMarkdown('[Apply](https://jobs.example.com/1)')).toBe('[Apply](https://jobs.example.com/1)');
    expect(inlineMarkdown('[Apply](javascript:alert(1))')).toBe('\\[Apply\\](javascript:alert(1))');
  });

  it('turns the bold and italic letters of social posts into emphasis', () => {
    expect(inlineMarkdown('𝗦𝗮𝗹𝗮𝗿𝘆: €90k and 𝘊𝘶𝘳𝘪𝘰𝘴𝘪𝘵𝘺')).toBe('**Salary**: €90k and *Curiosity*');
    expect(isMathAlphanumericLine("𝗪𝗵𝗮𝘁 𝘆𝗼𝘂'𝗹𝗹 𝗱𝗼")).toBe(true);
    expect(isMathAlphanumericLine('𝗪𝗵𝗮𝘁 you do')).toBe(false);
  });

  it('escapes what would start a block at the start of a line', () => {
    expect(['# of hires', '> quote', '- dash', '+ plus', '2024. was good', '3) three', '===', '~~~ fence'].map(escapeLineStart)).toEqual([
      '\\# of hires',
      '\\> quote',
      '\\- dash',
      '\\+ plus',
      '2024\\. was good',
      '3\\) three',
      '\\===',
      '\\~~~ fence',
    ]);
  });
});
