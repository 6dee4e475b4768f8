/**
 * Pronunciations for the vocabulary correction: the recogniser's own CMU dictionary (read once per
 * file, on the first recording with a vocabulary), and for a term the dictionary lacks, its parts
 * ("PostgreSQL": "Postgre" + "SQL"), an acronym's letters, or the letter-to-sound fallback.
 */
import { readFileSync } from 'node:fs';
import { letterToSound, spelledOut } from './letter-to-sound.ts';

/** A pronunciation dictionary: each word (lower case) and its pronunciations, as phone lists. */
export type PronunciationDictionary = ReadonlyMap<string, readonly (readonly string[])[]>;

const loaded = new Map<string, PronunciationDictionary>();

/** Parses a CMU dictionary's text ("word(2) PH O NES", variants folded into their word). */
export function parseDictionary(text: string): PronunciationDictionary {
  const dictionary = new Map<string, string[][]>();
  for (const line of text.split('\n')) {
    const [token, ...phones] = line.trim().split(/\s+/);
    if (!token || phones.length === 0) continue;
    const word = token.replace(/\(\d+\)$/, '');
    const known = dictionary.get(word);
    if (known) known.push(phones);
    else dictionary.set(word, [phones]);
  }
  return dictionary;
}

/** The dictionary at `path`, read the first time it is asked for. */
export function dictionaryAt(path: string): PronunciationDictionary {
  let dictionary = loaded.get(path);
  if (!dictionary) {
    dictionary = parseDictionary(readFileSync(path, 'utf8'));
    loaded.set(path, dictionary);
  }
  return dictionary;
}

/** Pronunciations kept per term (the cross product of its words' variants is cut here). */
const MAX_VARIANTS = 6;

/** An acronym: capitals only ("IEP", "HIPAA"), maybe a plural s. */
const isAcronym = (word: string) => /^[A-Z]{2,7}s?$/.test(word);
/** Where a word written with inner capitals splits ("PostgreSQL" → "Postgre", "SQL"; "HubSpot" → "Hub", "Spot"). */
const capitalParts = (word: string) => word.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g) ?? [];

/** How one written word of a term may be said: the dictionary's ways, its letters (an acronym), its parts, or a guess from its spelling. */
export function wordPronunciations(word: string, dictionary: PronunciationDictionary): string[][] {
  const known = dictionary.get(word.toLowerCase());
  const ways: string[][] = known ? known.map((phones) => [...phones]) : [];
  if (isAcronym(word)) ways.push(spelledOut(word.replace(/s$/, '')));
  const parts = capitalParts(word);
  if (ways.length === 0 && parts.length > 1) {
    const joined = parts.map((part) => wordPronunciations(part, dictionary)[0] ?? []);
    if (joined.every((phones) => phones.length > 0)) ways.push(joined.flat());
  }
  if (!known && (!isAcronym(word) || /[AEIOU]/.test(word.slice(1, -1)))) ways.push(letterToSound(word));
  return ways.filter((phones) => phones.length > 0).slice(0, MAX_VARIANTS);
}

/** How a term (one word or a short phrase) may be said: its words' ways one after another, at most MAX_VARIANTS. */
export function termPronunciations(term: string, dictionary: PronunciationDictionary): string[][] {
  let ways: string[][] = [[]];
  for (const word of term.split(/\s+/).filter(Boolean)) {
    const options = wordPronunciations(word, dictionary);
    if (options.length === 0) return [];
    ways = ways.flatMap((before) => options.map((phones) => [...before, ...phones])).slice(0, MAX_VARIANTS);
  }
  return ways.filter((phones) => phones.length > 0);
}
