/**
 * "Solo Voice Memo": a single speaker's recording, cleaned before the coach replies to it. Filler
 * words go (um, uh, "you know" and "like" where they carry no meaning), stuttered repeats are said
 * once ("I I I went" → "I went", "we went we went" → "we went"), and the text reads as sentences.
 */

const FILLERS = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'ah', 'hmm', 'mm', 'mhm']);
/** After these, "like" is a verb or a comparison ("I like", "looks like", "something like"). */
const LIKE_IS_MEANT_AFTER = new Set([
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'it',
  'would',
  "i'd",
  "we'd",
  "you'd",
  "they'd",
  'to',
  "don't",
  "didn't",
  'do',
  'did',
  'does',
  'not',
  'look',
  'looks',
  'looked',
  'feel',
  'feels',
  'felt',
  'seem',
  'seems',
  'seemed',
  'sound',
  'sounds',
  'sounded',
  'something',
  'nothing',
  'anything',
  'more',
  'much',
  'just',
  'exactly',
  'really',
  'people',
  'teams',
]);
/** Before these, "you know" is a question or a statement ("you know that", "you know how"). */
const YOU_KNOW_IS_MEANT_BEFORE = new Set(['that', 'what', 'how', 'where', 'why', 'who', 'when', 'if', 'whether', 'about', 'the', 'him', 'her', 'them', 'it']);
const YOU_KNOW_IS_MEANT_AFTER = new Set(['do', 'did', "don't", 'if', 'as', 'would', 'will', 'can', 'could', 'should', 'might']);

/** A word without the punctuation around it, lower case. */
const bare = (word: string) => word.toLowerCase().replace(/^[^a-z0-9']+|[^a-z0-9']+$/g, '');

function withoutFillers(words: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    const key = bare(word);
    const before = bare(kept.at(-1) ?? '');
    const after = bare(words[index + 1] ?? '');
    const isFiller =
      FILLERS.has(key) ||
      (key === 'like' && !LIKE_IS_MEANT_AFTER.has(before) && after !== '' && after !== 'to' && after !== 'that') ||
      (key === 'you' && after === 'know' && !YOU_KNOW_IS_MEANT_AFTER.has(before) && !YOU_KNOW_IS_MEANT_BEFORE.has(bare(words[index + 2] ?? '')));
    if (!isFiller) {
      kept.push(word);
      continue;
    }
    if (key === 'you') index += 1;
    // A filler that ended a sentence hands its full stop to the word before ("so, um." → "so.").
    // One set between commas takes its commas along ("it was, uh, hard" → "it was hard").
    const ending = /[.!?]+$/.exec(words[index] ?? '')?.[0];
    const previous = kept.at(-1);
    if (previous && ending) kept[kept.length - 1] = `${previous.replace(/[,;:]+$/, '')}${ending}`;
    else if (previous && /,$/.test(words[index] ?? '')) kept[kept.length - 1] = previous.replace(/,$/, '');
  }
  return kept;
}

/** Says a repeated run of one to three words once. */
function withoutRepeats(words: readonly string[]): string[] {
  const kept: string[] = [];
  for (const word of words) {
    kept.push(word);
    for (let size = 1; size <= 3; size++) {
      if (kept.length < size * 2) break;
      const tail = kept.slice(-size).map(bare).join(' ');
      const before = kept
        .slice(-size * 2, -size)
        .map(bare)
        .join(' ');
      if (tail === before && tail.length > 0) {
        kept.splice(kept.length - size * 2, size);
        break;
      }
    }
  }
  return kept;
}

/** Capital letters where sentences start and for "I", and a full stop at the end. */
function asSentences(text: string): string {
  const cased = text
    .replace(/\bi\b(?=('m|'ve|'d|'ll)?\b)/g, 'I')
    .replace(/(^|[.!?]\s+)([a-z])/g, (_match, start: string, letter: string) => `${start}${letter.toUpperCase()}`);
  if (!cased) return cased;
  return /[.!?]$/.test(cased) ? cased : `${cased}.`;
}

/** The cleaned text of a solo memo's transcript. */
export function cleanSoloMemo(transcript: string): string {
  const words = transcript.split(/\s+/).filter(Boolean);
  return asSentences(
    withoutRepeats(withoutFillers(words))
      .join(' ')
      .replace(/\s+([,.;:!?])/g, '$1')
      .replace(/^[,;:\s]+/, ''),
  );
}
