import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { measureRecognition, recordAll } from '../../../../evaluation/recognition-evaluation.ts';
import { HELD_OUT_SENTENCES, TUNING_SENTENCES } from '../../../../evaluation/recognition-sentences.ts';
import { HELD_OUT_VOICES, installed } from '../../../../evaluation/recognition-voices.ts';
import { DEBIAN_MODEL_DIR } from '../pocketsphinx-recognizer.ts';
import { careerCorpus, numberWords } from './career-corpus.ts';
import { KneserNeyModel, Vocabulary } from './kneser-ney-model.ts';
import { configuredRecognizerModel, DEFAULT_CAREER_MODEL } from './language-model-paths.ts';
import { SphinxTrieModel } from './sphinx-trie-model.ts';
const GENERIC_MODEL = join(DEBIAN_MODEL_DIR, 'en-us.lm.bin');
const normalized = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[^a-z' ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('the career corpus', () => {
  it('holds none of the evaluation sentences, so they measure the model rather than recite it', () => {
    const corpus = new Set(careerCorpus().map(normalized));
    expect(corpus.size).toBeGreaterThan(5000);
    for (const sentence of [...TUNING_SENTENCES, ...HELD_OUT_SENTENCES]) expect(corpus.has(normalized(sentence)), sentence).toBe(false);
  });

  it('says numbers as words', () => {
    expect(numberWords(80)).toBe('eighty');
    expect(numberWords(342)).toBe('three hundred forty two');
    expect(numberWords(250000)).toBe('two hundred fifty thousand');
  });
});

describe('KneserNeyModel', () => {
  it('gives every context a distribution over the words that sums to one', () => {
    const vocabulary = new Vocabulary();
    const model = KneserNeyModel.fromSentences(['i led the migration', 'i led the team', 'we led the project', 'the team grew'], vocabulary);
    const words = vocabulary.words.filter((word) => word !== '<s>');
    for (const history of [['i', 'led'], ['led', 'the'], ['the'], ['grew'], []]) {
      const ids = history.map((word) => vocabulary.idOf(word) ?? -1);
      const total = words.reduce((sum, word) => sum + 10 ** (model.logProb(ids, vocabulary.idOf(word) ?? -1) ?? -99), 0);
      expect(total, history.join(' ')).toBeCloseTo(1, 6);
    }
  });
});

describe.skipIf(!existsSync(GENERIC_MODEL))("SphinxTrieModel on Debian's en-us.lm.bin", () => {
  it('reads the probabilities pocketsphinx uses, backing off like it', () => {
    const model = new SphinxTrieModel(GENERIC_MODEL);
    const ids = (text: string) => text.split(' ').map((word) => model.idOf(word) ?? -1);
    expect(model.counts).toEqual([72547, 2051547, 1669625]);
    expect(model.unigram(ids('the')[0] ?? -1).prob).toBeCloseTo(-1.3895, 3);
    expect(model.find(ids('of the'))?.prob).toBeCloseTo(-0.6986, 3);
    expect(model.logProb(ids('one of'), ids('the')[0] ?? -1)).toBeCloseTo(-0.3058, 3);
    // Unseen "checkout database": the backoff of "checkout" plus P(database).
    const checkout = model.unigram(ids('checkout')[0] ?? -1).backoff;
    expect(model.find(ids('checkout database'))).toBeUndefined();
    expect(model.logProb(ids('checkout'), ids('database')[0] ?? -1)).toBeCloseTo(checkout + model.unigram(ids('database')[0] ?? -1).prob, 6);
  });
});

/**
 * Issue 19, point 4: voices the recogniser was not tuned on, reading sentences it was not tuned
 * on, through the service's own pipeline. The career model must hear them better than Debian's
 * generic model, and stay under a bound a little above what it measured here with each recording's
 * own cepstral mean (13.3 %; the generic model 19.7 %; before the cepstral mean, 19.7 % and 23 %).
 */
const career = configuredRecognizerModel(DEBIAN_MODEL_DIR, DEFAULT_CAREER_MODEL.languageModel, DEFAULT_CAREER_MODEL.dictionary);
const ready = installed('pocketsphinx_continuous') && installed('flite') && installed('sox') && !career.missing;
if (!ready)
  console.warn(
    `Skipping the word error rate check: it needs pocketsphinx, flite, sox and the career model (make deps builds ${DEFAULT_CAREER_MODEL.languageModel}).`,
  );

describe.skipIf(!ready)('the offline recogniser with the career model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'career-wer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hears unheard voices better than the generic model, under the bound', async () => {
    const [awb, kal16] = HELD_OUT_VOICES;
    const conditions = [awb, kal16].map((voice) => ({ voice, change: 'none' as const }));
    const { recordings } = recordAll(conditions, HELD_OUT_SENTENCES.slice(0, 10), dir);
    const tuned = await measureRecognition(recordings, career);
    const generic = await measureRecognition(recordings, { modelDir: DEBIAN_MODEL_DIR });
    expect(tuned.errors).toBeLessThan(generic.errors);
    expect(tuned.errors / tuned.words).toBeLessThan(0.16);
  }, 240_000);
});
