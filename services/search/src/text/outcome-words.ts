import { stem, wordTokens } from './words.ts';

/**
 * Words and phrases with which a query asks what came of something ("what happened to the
 * apprentice?", "results I delivered", "did it pay off in the end?"). They say what kind of answer is
 * wanted, not what the story is about, so they are not matched word for word: a story answers them
 * with what it reports as a result.
 */
const OUTCOME_QUESTION_WORDS = new Set(
  `result results resulted outcome outcomes achieve achieved achievement achievements accomplish accomplished accomplishment
  accomplishments impact happened happen aftermath succeed succeeded success difference payoff`
    .split(/\s+/)
    .filter(Boolean)
    .map(stem),
);
const OUTCOME_QUESTION_PHRASES = [
  'in the end',
  'end up',
  'ended up',
  'pay off',
  'paid off',
  'lead to',
  'led to',
  'come of',
  'came of',
  'how much',
  'how many',
  'how far',
].map((phrase) => wordTokens(phrase).map((token) => token.word));

/** How a story tells a result: a change, a number, a before and after. */
const RESULT_WORDS = new Set(
  `percent half halved doubled tripled third quarter increased increase decreased decrease dropped drop fell fallen rose risen grew grown
  growth saved savings cut reduced improved improvement won award passed promoted promotion hired funded qualified launched shipped
  finished renewed raised stopped closed ended turned became kept zero record`
    .split(/\s+/)
    .filter(Boolean)
    .map(stem),
);
const NUMBER = /^\d/;

/** Which of these words (a query's, in order) ask for an outcome, each phrase's words too: their positions. */
export function outcomeQuestionPositions(words: readonly string[]): Set<number> {
  const asking = new Set<number>();
  words.forEach((word, index) => {
    if (OUTCOME_QUESTION_WORDS.has(stem(word))) asking.add(index);
    for (const phrase of OUTCOME_QUESTION_PHRASES) {
      if (phrase.every((part, offset) => words[index + offset] === part)) phrase.forEach((_part, offset) => asking.add(index + offset));
    }
  });
  return asking;
}

/** Whether a text tells a result: a number, or a word of change ("dropped", "saved", "promoted"). */
export function tellsAResult(text: string): boolean {
  return wordTokens(text).some((token) => tellsResult(token.word));
}

/** Whether a word tells a result: a number, or a word of change ("dropped", "saved", "promoted"). */
export function tellsResult(word: string): boolean {
  return NUMBER.test(word) || RESULT_WORDS.has(stem(word));
}
