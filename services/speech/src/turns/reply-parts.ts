/**
 * A reply cut into the pieces it is spoken in. The person waits only for the first piece, so it is
 * short: the first sentence (a clause of a long one). Each later piece may be a few times longer
 * than the one before, because it is made while the pieces before it play: speech takes about 1 s
 * per 15 characters to hear and festival makes it at well over 100 characters a second on a busy
 * core, so a piece three times longer than the one playing is ready before it is needed.
 *
 * Pieces end only where a sentence or clause does (a pause there sounds natural), and are cut
 * between words: their words, in order, are the reply's words.
 */

/** A first piece shorter than this takes the next sentence too ("Thanks." alone is over too soon). */
const FIRST_MIN_CHARS = 24;
/** A first sentence longer than this is cut after a clause. */
const FIRST_MAX_CHARS = 120;
/** A clause cut leaves at least this much in the first piece. */
const CLAUSE_MIN_CHARS = 30;
/** A later piece may be this many times as long as the one before it. */
const GROWTH = 3;
/** A later piece may always be this long, however short the one before it. */
const NEXT_MIN_CHARS = 80;
/** At most this many pieces: each costs a job's round trip. The last one takes what is left. */
export const MAX_REPLY_PARTS = 5;

/** Sentence ends: `.`, `!`, `?` or `…`, with any closing quotes or brackets, then space. */
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]*)\s+/u;
/** Clause ends inside a sentence: a comma, semicolon or colon, or a dash between spaces. */
const CLAUSE_END = /(?<=[,;:])\s+|\s+(?=[—–-]\s)/gu;

/** The first clause of a long sentence, and the rest; or the sentence whole when no clause ends early enough. */
function firstClause(sentence: string): [string, string] | [string] {
  let cut = -1;
  for (const match of sentence.matchAll(CLAUSE_END)) {
    if (match.index > FIRST_MAX_CHARS) break;
    if (match.index >= CLAUSE_MIN_CHARS) cut = match.index;
  }
  if (cut < 0) return [sentence];
  const rest = sentence.slice(cut).trim();
  return rest ? [sentence.slice(0, cut), rest] : [sentence];
}

/** The pieces `text` is spoken in, in order; one piece for a short reply, none for no words. */
export function replyParts(text: string): string[] {
  const sentences = text.trim().split(SENTENCE_END).filter(Boolean);
  const first = sentences.shift();
  if (first === undefined) return [];
  let [head, clauseRest] = first.length > FIRST_MAX_CHARS ? firstClause(first) : [first];
  if (clauseRest) sentences.unshift(clauseRest);
  while (head.length < FIRST_MIN_CHARS && sentences.length > 0) head = `${head} ${sentences.shift() ?? ''}`;

  const parts: string[] = [head];
  while (sentences.length > 0) {
    const budget = Math.max(GROWTH * (parts.at(-1)?.length ?? 0), NEXT_MIN_CHARS);
    let piece = sentences.shift() ?? '';
    if (parts.length === MAX_REPLY_PARTS - 1) {
      piece = [piece, ...sentences.splice(0)].join(' ');
    } else {
      while (sentences.length > 0 && piece.length + 1 + (sentences[0]?.length ?? 0) <= budget) piece = `${piece} ${sentences.shift() ?? ''}`;
    }
    parts.push(piece);
  }
  return parts;
}
