import { stripHiddenCharacters } from '@story/proto';

/**
 * Hostile text in a résumé (issue 22): whatever a file carries (HTML, scripts, `javascript:` links,
 * control characters) leaves as plain text. The web renders text only; the stored content is clean too.
 * Hidden characters (bidi overrides, zero-width ones) go by proto's one rule, as in every edit (issue 36).
 */

const BLOCKS = /<(script|style|iframe|object|embed|svg|math|template|noscript)\b[\s\S]*?<\/\1\s*>|<(script|style)\b[\s\S]*$/gi;
const TAGS = /<\/?[a-z!?][^<>]*(>|$)/gi;
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
const DANGEROUS_LINK = /\b(?:javascript|vbscript|data|livescript)\s*:\s*[^\s]*/gi;
const EVENT_HANDLER = /\bon[a-z]{3,20}\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', bull: '•' };

/** Decodes the few HTML entities a document converter writes (named ones above, and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** One line as plain text: tags, scripts, dangerous links and control characters removed, spaces collapsed. */
export function sanitiseLine(line: string): string {
  let text = line.normalize('NFKC');
  // Twice: a first pass can reveal a tag that an encoded one was hiding (`&lt;script&gt;`).
  for (let pass = 0; pass < 2; pass++) {
    text = text.replace(COMMENTS, ' ').replace(BLOCKS, ' ').replace(TAGS, ' ');
    text = decodeEntities(text);
  }
  text = text.replace(BLOCKS, ' ').replace(TAGS, ' ').replace(EVENT_HANDLER, ' ').replace(DANGEROUS_LINK, ' ');
  return (
    stripHiddenCharacters(text)
      // Within one line a line feed is a control like the others (tabs become spaces below).
      .replace(/\n/g, '')
      // A tab inside a line separates fields ("Company, City<tab>Dates"), like a wide gap in a PDF.
      .replace(/(\S)[ ]*\t+[ \t]*(?=\S)/g, '$1 | ')
      .replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** Whether a raw line was nothing but markup or a dangerous link (so it is dropped, not kept empty). */
export function isOnlyHostile(line: string): boolean {
  return line.trim() !== '' && sanitiseLine(line).replace(/[\s|•·,;:()[\]<>"'-]/g, '') === '';
}

/**
 * Every line of a text made plain. Leading indentation is kept (it tells a wrapped bullet from a new
 * line in text files); lines that were only markup disappear.
 */
export function sanitiseLines(lines: readonly string[]): string[] {
  const kept: string[] = [];
  for (const raw of lines) {
    if (isOnlyHostile(raw)) continue;
    const indent = /^[ \t]*/.exec(raw)?.[0].replace(/\t/g, '    ') ?? '';
    const clean = sanitiseLine(raw);
    kept.push(clean ? indent + clean : '');
  }
  return kept;
}
