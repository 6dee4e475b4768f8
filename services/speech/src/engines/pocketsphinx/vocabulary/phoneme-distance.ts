/**
 * How far apart two pronunciations are: an edit distance over CMU phones in which likely confusions
 * of a recogniser cost less (a vowel for another vowel, a consonant for its voiced or voiceless
 * twin, a consonant of the same manner), divided by the longer pronunciation's length, so 0 is the
 * same sounds and 1 nothing alike.
 */

const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);
/** Consonants by manner of articulation. */
const MANNERS: readonly (readonly string[])[] = [
  ['P', 'B', 'T', 'D', 'K', 'G'],
  ['F', 'V', 'TH', 'DH', 'S', 'Z', 'SH', 'ZH', 'HH'],
  ['CH', 'JH'],
  ['M', 'N', 'NG'],
  ['L', 'R'],
  ['W', 'Y'],
];
const MANNER_OF = new Map(MANNERS.flatMap((group, index) => group.map((phone) => [phone, index] as const)));
/** Voiceless and voiced twins. */
const TWINS = new Set(['P B', 'T D', 'K G', 'F V', 'TH DH', 'S Z', 'SH ZH', 'CH JH'].flatMap((pair) => [pair, pair.split(' ').reverse().join(' ')]));

export const PHONE_COSTS = { vowelForVowel: 0.4, twin: 0.3, sameManner: 0.6, other: 1, vowelGap: 0.6, consonantGap: 1, breathGap: 0.5 } as const;

/** What putting `b` where `a` was costs. */
export function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return PHONE_COSTS.vowelForVowel;
  if (TWINS.has(`${a} ${b}`)) return PHONE_COSTS.twin;
  const manner = MANNER_OF.get(a);
  return manner !== undefined && manner === MANNER_OF.get(b) ? PHONE_COSTS.sameManner : PHONE_COSTS.other;
}

/** What leaving out (or putting in) a phone costs: a vowel or an h less than another consonant. */
export function gapCost(phone: string): number {
  if (VOWELS.has(phone)) return PHONE_COSTS.vowelGap;
  return phone === 'HH' ? PHONE_COSTS.breathGap : PHONE_COSTS.consonantGap;
}

/** The weighted edit distance of two phone sequences over the longer one's length (0 to about 1). */
export function phonemeDistance(a: readonly string[], b: readonly string[]): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 0;
  let previous = [0];
  for (let j = 1; j <= b.length; j++) previous.push((previous[j - 1] ?? 0) + gapCost(b[j - 1] ?? ''));
  for (let i = 1; i <= a.length; i++) {
    const phone = a[i - 1] ?? '';
    const row = [(previous[0] ?? 0) + gapCost(phone)];
    for (let j = 1; j <= b.length; j++) {
      const other = b[j - 1] ?? '';
      row.push(Math.min((previous[j] ?? 0) + gapCost(phone), (row[j - 1] ?? 0) + gapCost(other), (previous[j - 1] ?? 0) + substitutionCost(phone, other)));
    }
    previous = row;
  }
  return (previous[b.length] ?? 0) / longer;
}
