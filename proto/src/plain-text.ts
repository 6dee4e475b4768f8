/**
 * Hidden characters in a person's text (issue 36, 7): one rule for every write of résumé and profile
 * text (uploads, edits, summaries, the published profile). Bidi embeddings, overrides and isolates
 * make text read otherwise than it is ("gnp.exe" shown as "exe.png"); zero-width characters hide
 * words from search and from a reader; controls have no place in prose. Line breaks and tabs stay.
 */

// C0 controls but tab and line feed (a carriage return goes: CRLF becomes LF), DEL and the C1 controls,
// the soft hyphen, the Arabic letter mark, the Mongolian vowel separator, zero-width spaces and joiners,
// the LRM/RLM marks, bidi embeddings and overrides (U+202A–E), word joiner and invisible operators,
// bidi isolates (U+2066–9), the BOM, and the interlinear annotation characters.
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/g;

/** The text without the characters that change how it reads without being seen. */
export function stripHiddenCharacters(text: string): string {
  return text.replace(HIDDEN, '');
}
