/**
 * Writes `src/vocabulary/common-words.txt`: the COMMON_WORD_COUNT most frequent English words (letters
 * only), most frequent first, taken from the compact GloVe word list (`@story/language/word-vectors`) (its words are
 * in corpus frequency order). A practice's vocabulary leaves these out. Run once after that list
 * changes: `node --import tsx services/speech/src/cli/build-common-words.ts`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WordVectors } from '@story/language/word-vectors';
import { COMMON_WORD_COUNT } from '../vocabulary/common-words.ts';

const target = fileURLToPath(new URL('../vocabulary/common-words.txt', import.meta.url));
const words = WordVectors.load()
  .words.filter((word) => /^[a-z]+$/.test(word))
  .slice(0, COMMON_WORD_COUNT);
writeFileSync(target, `${words.join('\n')}\n`);
console.log(`${words.length} words written to ${target}`);
