/**
 * The career language model: the generic US English model mixed with a model of the career
 * corpus (work stories, interview answers and questions), and a dictionary with the corpus's words
 * that the CMU dictionary lacks. Built once at install (about a minute), not committed (27 MB).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { careerCorpus } from './career-corpus.ts';
import { KneserNeyModel, Vocabulary } from './kneser-ney-model.ts';
import { careerModelFiles } from './language-model-paths.ts';
import { mixModels, writeArpa } from './mixed-model.ts';
import { SphinxTrieModel } from './sphinx-trie-model.ts';

/** The career model's weight in the mix, chosen on the tuning recordings (services/speech/evaluation). */
export const CAREER_MODEL_WEIGHT = 0.5;

/** Pronunciations (CMU phones) of corpus words the CMU dictionary lacks. */
export const EXTRA_PRONUNCIATIONS: Record<string, string> = {
  kubernetes: 'K UW B ER N EH T IY Z',
  postgres: 'P OW S T G R EH S',
  typescript: 'T AY P S K R IH P T',
  jira: 'JH IH R AH',
  devops: 'D EH V AA P S',
  onboarding: 'AA N B AO R D IH NG',
  runbook: 'R AH N B UH K',
  hubspot: 'HH AH B S P AA T',
  zendesk: 'Z EH N D EH S K',
  figma: 'F IH G M AH',
  terraform: 'T EH R AH F AO R M',
  microservices: 'M AY K R OW S ER V AH S IH Z',
  monolith: 'M AA N AH L IH TH',
  mysql: 'M AY EH S K Y UW EH L',
  netflix: 'N EH T F L IH K S',
  airbnb: 'EH R B IY EH N B IY',
};

/** Builds the career model into `outDir` from Debian's model in `modelDir`; returns its files. */
export async function buildCareerLanguageModel(
  modelDir: string,
  outDir: string,
  weight = CAREER_MODEL_WEIGHT,
  log: (line: string) => void = () => undefined,
): Promise<{ languageModel: string; dictionary: string }> {
  const files = careerModelFiles(outDir);
  mkdirSync(outDir, { recursive: true });
  const generic = new SphinxTrieModel(join(modelDir, 'en-us.lm.bin'));
  const vocabulary = new Vocabulary(generic.words);
  const corpus = careerCorpus();
  const domain = KneserNeyModel.fromSentences(corpus, vocabulary);
  log(`career corpus: ${corpus.length} sentences, ${domain.orders[2]?.size ?? 0} trigrams`);

  const dictionaryText = readFileSync(join(modelDir, 'cmudict-en-us.dict'), 'utf8');
  const known = new Set(dictionaryText.split('\n').map((line) => line.split(' ')[0]?.replace(/\(\d+\)$/, '')));
  const added = Object.entries(EXTRA_PRONUNCIATIONS).filter(([word]) => !known.has(word));
  const corpusWords = new Set(corpus.flatMap((sentence) => sentence.split(' ')));
  const missing = [...corpusWords].filter((word) => word && !known.has(word) && !(word in EXTRA_PRONUNCIATIONS));
  if (missing.length > 0) log(`words without a pronunciation (not recognised): ${missing.join(', ')}`);

  const { orders } = mixModels(generic, domain, weight);
  log(`mixed model: ${orders.map((list) => list.length).join(' / ')} n-grams`);
  const arpa = `${files.languageModel}.arpa`;
  await writeArpa(arpa, vocabulary, orders);
  const building = `${files.languageModel}.building`;
  execFileSync('sphinx_lm_convert', ['-i', arpa, '-ifmt', 'arpa', '-o', building, '-ofmt', 'bin'], { stdio: ['ignore', 'ignore', 'pipe'] });
  rmSync(arpa);
  writeFileSync(`${files.dictionary}.building`, `${dictionaryText.trimEnd()}\n${added.map(([word, phones]) => `${word} ${phones}`).join('\n')}\n`);
  renameSync(`${files.dictionary}.building`, files.dictionary);
  renameSync(building, files.languageModel);
  return files;
}
