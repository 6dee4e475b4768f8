/**
 * A small letter-to-sound fallback for words the pronunciation dictionary lacks ("phlebotomy",
 * "HubSpot"): English spelling patterns, longest first, to CMU phones. It is rough (vowels most of
 * all), which the correction's distance forgives: vowels for vowels cost little there.
 */

/** Spelling patterns and their phones, tried longest first at each place of the word. */
const PATTERNS: readonly (readonly [string, string])[] = [
  ['tion', 'SH AH N'],
  ['sion', 'ZH AH N'],
  ['ture', 'CH ER'],
  ['eau', 'OW'],
  ['tch', 'CH'],
  ['sch', 'S K'],
  ['igh', 'AY'],
  ['ough', 'AO'],
  ['ph', 'F'],
  ['sh', 'SH'],
  ['ch', 'CH'],
  ['th', 'TH'],
  ['ck', 'K'],
  ['ng', 'NG'],
  ['qu', 'K W'],
  ['wh', 'W'],
  ['gh', ''],
  ['aa', 'AA'],
  ['ee', 'IY'],
  ['ea', 'IY'],
  ['oo', 'UW'],
  ['ou', 'AW'],
  ['ow', 'OW'],
  ['oa', 'OW'],
  ['ai', 'EY'],
  ['ay', 'EY'],
  ['ei', 'EY'],
  ['ey', 'IY'],
  ['ie', 'IY'],
  ['au', 'AO'],
  ['aw', 'AO'],
  ['oi', 'OY'],
  ['oy', 'OY'],
  ['ue', 'UW'],
  ['ew', 'UW'],
  ['er', 'ER'],
  ['ir', 'ER'],
  ['ur', 'ER'],
  ['ar', 'AA R'],
  ['or', 'AO R'],
  ['x', 'K S'],
  ['j', 'JH'],
  ['a', 'AE'],
  ['e', 'EH'],
  ['i', 'IH'],
  ['o', 'AA'],
  ['u', 'AH'],
  ['y', 'IY'],
  ['b', 'B'],
  ['d', 'D'],
  ['f', 'F'],
  ['h', 'HH'],
  ['k', 'K'],
  ['l', 'L'],
  ['m', 'M'],
  ['n', 'N'],
  ['p', 'P'],
  ['r', 'R'],
  ['s', 'S'],
  ['t', 'T'],
  ['v', 'V'],
  ['w', 'W'],
  ['z', 'Z'],
];

const LONGEST = Math.max(...PATTERNS.map(([pattern]) => pattern.length));
const BY_SPELLING = new Map(PATTERNS);
const FRONT_VOWELS = new Set(['e', 'i', 'y']);
const isVowelLetter = (letter: string | undefined) => letter !== undefined && 'aeiouy'.includes(letter);

/** The phones of the letters at `at` (a soft or hard c and g, a first y, a silent last e), and how many letters they take. */
function phonesAt(word: string, at: number): [string, number] {
  const letter = word[at] ?? '';
  const next = word[at + 1];
  if (letter === 'c') return [FRONT_VOWELS.has(next ?? '') ? 'S' : 'K', next === 'c' ? 2 : 1];
  if (letter === 'g') return [FRONT_VOWELS.has(next ?? '') && at > 0 ? 'JH' : 'G', next === 'g' ? 2 : 1];
  if (letter === 'y' && at === 0) return ['Y', 1];
  if (letter === 'a' && at === word.length - 1 && at > 0) return ['AH', 1];
  if (letter === 'e' && at === word.length - 1 && at >= 3 && !isVowelLetter(word[at - 1])) return ['', 1];
  if (at === 0 && (word.startsWith('kn') || word.startsWith('wr'))) return ['', 1];
  for (let length = Math.min(LONGEST, word.length - at); length > 0; length--) {
    const phones = BY_SPELLING.get(word.slice(at, at + length));
    if (phones !== undefined) {
      // A doubled consonant is said once ("pallet").
      const doubled = length === 1 && !isVowelLetter(letter) && word[at + 1] === letter;
      return [phones, doubled ? 2 : length];
    }
  }
  return ['', 1];
}

/** A guess at how a word is said, in CMU phones (letters only; anything else is skipped). */
export function letterToSound(word: string): string[] {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  const phones: string[] = [];
  for (let at = 0; at < letters.length;) {
    const [said, taken] = phonesAt(letters, at);
    if (said) phones.push(...said.split(' '));
    at += taken;
  }
  return phones;
}

/** How each letter's name is said, for acronyms spelled out ("IEP": AY IY P IY). */
// prettier-ignore
const LETTER_NAMES: Readonly<Record<string, string>> = {
  a: 'EY', b: 'B IY', c: 'S IY', d: 'D IY', e: 'IY', f: 'EH F', g: 'JH IY', h: 'EY CH', i: 'AY', j: 'JH EY', k: 'K EY', l: 'EH L', m: 'EH M',
  n: 'EH N', o: 'OW', p: 'P IY', q: 'K Y UW', r: 'AA R', s: 'EH S', t: 'T IY', u: 'Y UW', v: 'V IY', w: 'D AH B AH L Y UW', x: 'EH K S', y: 'W AY', z: 'Z IY',
};

/** An acronym said letter by letter, in CMU phones. */
export function spelledOut(word: string): string[] {
  return [...word.toLowerCase().replace(/[^a-z]/g, '')].flatMap((letter) => (LETTER_NAMES[letter] ?? '').split(' ').filter(Boolean));
}
