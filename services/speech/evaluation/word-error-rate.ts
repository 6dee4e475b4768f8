/** Words for scoring: lower case, letters and apostrophes only. */
export const wordsOf = (text: string) => text.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/).filter(Boolean);

/** Word errors of `heard` against `reference`: the edit distance between their word sequences, and the reference's length. */
export function wordErrorRate(reference: string, heard: string): { errors: number; words: number } {
  const want = wordsOf(reference);
  const got = wordsOf(heard);
  let previous = Array.from({ length: got.length + 1 }, (_, j) => j);
  for (let i = 1; i <= want.length; i++) {
    const row = [i];
    for (let j = 1; j <= got.length; j++) row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (want[i - 1] === got[j - 1] ? 0 : 1)));
    previous = row;
  }
  return { errors: previous[got.length] ?? 0, words: want.length };
}
