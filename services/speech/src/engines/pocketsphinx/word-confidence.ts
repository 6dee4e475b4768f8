/**
 * How sure pocketsphinx is of each word it heard. Its posterior alone is a poor guide on voices it
 * has not heard (a right "led" at 0.01, a wrong "art" at 0.98), so the confidence weighs it with
 * what the backtrace tells of the same word (how well the sounds fit: the acoustic score per frame;
 * how long the word lasted; how much the language model carried it) and with its neighbours'
 * posteriors (a misheard stretch often spans several words). The weights are a logistic regression
 * fitted on synthetic voices, and checked on other voices reading other sentences:
 * services/speech/evaluation/word-confidence.eval.ts and its results file. On the held-out voices
 * it marks 38% of the wrong words with 46% of its marks wrong words, marking 8% of the right ones
 * (the posterior alone under 0.3: 37%, 37%, 11%): better, not good; a correction is the remedy.
 */

/** What pocketsphinx tells about one word it heard. */
export interface WordEvidence {
  /** The word, lower case, without its pronunciation variant. */
  word: string;
  /** The posterior probability of `-time yes` (0 to 1). */
  posterior: number;
  /** How many 10 ms frames the word lasted. */
  frames: number;
  /** The backtrace's acoustic score over the word's frames (log scale, negative), when logged. */
  acousticPerFrame?: number | undefined;
  /** The backtrace's language-model score (log scale, negative), when logged. */
  languageScore?: number | undefined;
  /** The n-gram the language model used (1 unigram … 3 trigram), when logged. */
  ngramOrder?: number | undefined;
}

/** A word's confidence (0 to 1, two decimals) and whether it is shown as unsure. */
export interface WordConfidence {
  confidence: number;
  uncertain: boolean;
}

/**
 * Below this confidence a word is shown as unsure: chosen on the tuning part so that about one right
 * word in ten is marked (8.5% there; best F1, at 0.8, would mark 15%, too many for a person to read past).
 */
export const UNSURE_BELOW = 0.7;

/** The weights of `confidenceFeatures`, bias first (logistic regression, fitted by the evaluation's `fit`). */
export const CONFIDENCE_WEIGHTS: readonly number[] = [2.357, 0.433, 0.14, -0.173, -0.031, -0.168, -0.456, 0.176, 0.089];

/** A typical acoustic score per frame (when the backtrace was not logged). */
const TYPICAL_ACOUSTIC_PER_FRAME = -40_000;
const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));
const logit = (probability: number) => {
  const p = clamp(probability, 0.001, 0.999);
  return Math.log(p / (1 - p));
};
/** The edge of an utterance counts as a sure neighbour. */
const SURE = logit(1);

/**
 * What the confidence weighs, per word: the posterior (log-odds), the acoustic score per frame, the
 * length (log frames), the language-model score, whether the model fell back to a unigram, whether
 * the word is short (three letters or fewer), and the posteriors of the words either side (a
 * misheard stretch often spans several words).
 */
export function confidenceFeatures(words: readonly WordEvidence[]): number[][] {
  const odds = words.map((word) => logit(word.posterior));
  return words.map((word, index) => [
    odds[index] ?? 0,
    (word.acousticPerFrame ?? TYPICAL_ACOUSTIC_PER_FRAME) / 10_000,
    Math.log(Math.max(1, word.frames)),
    (word.languageScore ?? -300) / 1000,
    word.ngramOrder === 1 ? 1 : 0,
    word.word.replace(/[^a-z]/gi, '').length <= 3 ? 1 : 0,
    odds[index - 1] ?? SURE,
    odds[index + 1] ?? SURE,
  ]);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Each word's confidence (the chance it is right, by the fitted weights) and whether it is unsure. */
export function wordConfidences(words: readonly WordEvidence[]): WordConfidence[] {
  return confidenceFeatures(words).map((features) => {
    const z = features.reduce((sum, value, index) => sum + value * (CONFIDENCE_WEIGHTS[index + 1] ?? 0), CONFIDENCE_WEIGHTS[0] ?? 0);
    const confidence = round2(1 / (1 + Math.exp(-z)));
    return { confidence, uncertain: confidence < UNSURE_BELOW };
  });
}
