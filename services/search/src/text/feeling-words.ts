import { stem, wordTokens } from './words.ts';

/**
 * Families of feelings and the words people use for them, in a query ("when was I proud", "a time I
 * felt overwhelmed") and in a story ("I was terrified", "I couldn't sleep for weeks", "it was
 * painful"). A query names a feeling one way and the story tells it another: the family is what they
 * share. Phrases are word sequences (stop words included) that say a feeling no single word does.
 */
export const FEELING_FAMILIES = {
  fear: {
    words: `afraid scared scary frightened frightening fright terrified terrifying terror fear feared fearful nervous nerves anxious anxiety
      worried worry worrying panic panicked panicking panicky dread dreaded dreading uneasy shaken shaking jumpy intimidated
      petrified spooked threatened unsafe`,
    phrases: ['panic attack', 'panic attacks', "couldn't sleep", 'could not sleep', 'lost sleep'],
  },
  strain: {
    words: `stressed stress stressful overwhelmed overwhelming exhausted exhaustion exhausting overworked overloaded swamped
      tired sleepless insomnia frazzled breakdown burnout pressure pressured strained`,
    phrases: ['burned out', 'burnt out', 'worn out', 'under pressure'],
  },
  sorrow: {
    words: `sad sadness devastated devastating crushed crushing heartbroken depressed depression miserable gutted defeated lonely
      loneliness isolated hopeless worthless failure humiliated humiliating humiliation embarrassed embarrassing embarrassment
      ashamed shame painful regret regretted regrets disappointed disappointing disappointment inadequate`,
    phrases: [],
  },
  pride: {
    words: `proud pride happy happiest thrilled delighted joy joyful grateful gratitude relieved relief satisfied satisfying
      rewarding fulfilled fulfilling elated excited honoured honored`,
    phrases: [],
  },
  anger: {
    words: `frustrated frustrating frustration angry anger furious annoyed annoying irritated upset resentful outraged livid`,
    phrases: ['fed up'],
  },
  courage: {
    words: `confident confidence courage courageous brave bravery bold determination`,
    phrases: ['stood my ground'],
  },
  calm: {
    words: `calm calmly composure patience steady relaxed`,
    phrases: [],
  },
} as const;

export type FeelingFamily = keyof typeof FEELING_FAMILIES;

/** Words that ask about feelings without naming one ("how did I feel"): any family answers them. */
const ANY_FEELING = new Set(['feel', 'feeling', 'feelings', 'felt', 'emotion', 'emotions', 'emotional'].map(stem));

const FAMILY_OF_STEM = new Map<string, FeelingFamily>();
const PHRASES: { family: FeelingFamily; words: string[] }[] = [];
for (const [family, { words, phrases }] of Object.entries(FEELING_FAMILIES) as [FeelingFamily, (typeof FEELING_FAMILIES)[FeelingFamily]][]) {
  for (const word of words.split(/\s+/).filter(Boolean)) FAMILY_OF_STEM.set(stem(word), family);
  for (const phrase of phrases) PHRASES.push({ family, words: wordTokens(phrase).map((token) => token.word) });
}

/** The feeling family a word names ("terrified": fear), 'any' for words that ask about feelings in general, or undefined. */
export function feelingOf(word: string): FeelingFamily | 'any' | undefined {
  const key = stem(word);
  return FAMILY_OF_STEM.get(key) ?? (ANY_FEELING.has(key) ? 'any' : undefined);
}

/** The feeling families a text expresses, by its words and phrases. */
export function feelingsIn(text: string): Set<FeelingFamily> {
  const words = wordTokens(text).map((token) => token.word);
  const found = new Set<FeelingFamily>();
  words.forEach((word, index) => {
    const family = FAMILY_OF_STEM.get(stem(word));
    if (family) found.add(family);
    for (const phrase of PHRASES) {
      if (phrase.words.every((part, offset) => words[index + offset] === part)) found.add(phrase.family);
    }
  });
  return found;
}
