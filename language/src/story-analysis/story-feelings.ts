/**
 * The person's own feelings in what they wrote. A feeling word only counts when it is theirs: "I was
 * exhausted", "it left me exhausted", "Exhausted, but relieved" — not "the connection pool was
 * exhausted" or "my manager was frustrated", where a thing or someone else is what the word describes.
 */

const FEELINGS =
  'burned out|burnt out|proud|frustrated|nervous|anxious|stressed|excited|happy|scared|afraid|overwhelmed|angry|upset|disappointed|relieved|grateful|confident|worried|exhausted|thrilled|embarrassed|terrified|satisfied|motivated|lonely|hurt|ashamed|guilty|helpless';
const FEELING_WORDS = new RegExp(String.raw`\b(${FEELINGS})\b`, 'gi');
/** Words about an experience rather than a state ("it was stressful"): a feeling, though not one to name back. */
const EXPERIENCE_WORDS = /\b(?:felt|stressful|exciting|exhausting|frustrating|overwhelming|disappointing|embarrassing|nerve-wracking)\b/i;
/** Where a clause starts, so that only the words of the feeling's own clause are read. */
const CLAUSE_START = /.*(?:[.!?;,:]|\s[-–—])\s*/s;

/** Words that may stand between the person and their feeling without changing whose it is ("so", "really", "a bit"). */
const DEGREE = new Set(
  'so really very quite pretty rather bit little kind sort of kinda totally completely utterly incredibly extremely super absolutely deeply genuinely honestly all both just still also too even more increasingly definitely'.split(
    ' ',
  ),
);
/** Verbs that join a subject to how it felt ("was", "got", "have been", "ended up"). */
const LINKING = new Set(
  'was were am are is got get gets getting became become becoming felt feel feels feeling grew been be being have had has ended up kept stayed remained'.split(
    ' ',
  ),
);
/** "it made me nervous", "left us exhausted". */
const CAUSING = new Set('made makes making left leaves leaving got gets kept keeps'.split(' '));
const PERSON = new Set(['i', 'we']);
const AND = new Set(['and', 'or', 'but', 'yet']);
const PERSON_CONTRACTIONS = new Set(["i'm", "we're", "i've", "we've", "i'd", "we'd", "i'll", "we'll"]);

/** Lower-case words with plain apostrophes ("I’m" → "i'm"). */
const tokens = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/’/g, "'")
    .match(/[a-z0-9']+/g) ?? [];

/** True when the words just before a feeling (`lead`, its clause up to the feeling) make it the person's own. */
function isTheirs(lead: readonly string[], feeling: string): boolean {
  let end = lead.length;
  let linked = false;
  for (let word = lead[end - 1] ?? ''; LINKING.has(word) || DEGREE.has(word); word = lead[end - 1] ?? '') {
    linked ||= LINKING.has(word);
    end -= 1;
  }
  const subject = lead[end - 1];
  // Nothing before it in its clause: "Exhausted, but relieved." / "So proud of the team."
  if (subject === undefined) return true;
  if (PERSON_CONTRACTIONS.has(subject)) return true;
  // "I burned out" needs no linking verb; "I exhausted the budget" is not a feeling.
  if (PERSON.has(subject)) return linked || feeling.endsWith(' out');
  if (subject === 'me' || subject === 'us') return CAUSING.has(lead[end - 2] ?? '');
  // "we were understaffed and stressed": the feeling shares the state before it, and its subject.
  if (!linked && AND.has(subject) && end >= 3) return isTheirs(lead.slice(0, end - 2), feeling);
  return false;
}

/** The first feeling the person names as their own, lower-cased ("proud"). */
export function feelingWord(text: string): string | undefined {
  for (const match of text.matchAll(FEELING_WORDS)) {
    const feeling = match[1]?.toLowerCase();
    const before = text.slice(0, match.index).replace(CLAUSE_START, '');
    // "a bit", "a little": the article belongs to the degree, while "a stressed team" is not theirs.
    if (feeling && isTheirs(tokens(before.replace(/\ba\s+(?=bit\b|little\b)/gi, '')), feeling)) return feeling;
  }
  return undefined;
}

/** True when the text says how the person felt, by name or by the experience. */
export const expressesFeeling = (text: string): boolean => feelingWord(text) !== undefined || EXPERIENCE_WORDS.test(text);
