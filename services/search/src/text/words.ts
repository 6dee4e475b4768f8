/**
 * How the search service reads text: the same words for the embedder, the lexical index's query and
 * the matched passage. The reading itself is shared (`@story/language`): the profile
 * service reads résumé bullets with the same words.
 */
export { STOP_WORDS, contentWords, stem, wordTokens, type WordToken } from '@story/language';
