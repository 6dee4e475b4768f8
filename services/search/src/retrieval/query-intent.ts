import { feelingOf, type FeelingFamily } from '../text/feeling-words.ts';
import { outcomeQuestionPositions } from '../text/outcome-words.ts';
import { STOP_WORDS, stem, wordTokens, type WordToken } from '../text/words.ts';

/**
 * Words that frame a question about one's stories ("the time I…", "the story where…", "I want to
 * find…") rather than say what it is about: every story would match them.
 */
const FRAMING_WORDS = new Set(['time', 'times', 'story', 'stories', 'moment', 'occasion', 'remember', 'recall', 'talked', 'mentioned'].map(stem));

/** What a query asks for: its subject, the feelings it names, and whether it asks what came of something. */
export interface QueryIntent {
  /**
   * The content words that say what the query is about, framing and outcome-question words left out
   * (all its content words when nothing else is left), each form once.
   */
  subjectWords: string[];
  /** Subject words that name a feeling, and the family of each ('any': "how did I feel"). */
  feelings: ReadonlyMap<string, FeelingFamily | 'any'>;
  /** The query asks what came of something: "what happened to…", "results", "in the end". */
  asksOutcome: boolean;
  /** The query without its framing and outcome-question words, for the embedder. */
  focus: string;
}

/** Reads what a query asks for (see QueryIntent). */
export function readQuery(query: string): QueryIntent {
  const tokens = wordTokens(query);
  const asking = outcomeQuestionPositions(tokens.map((token) => token.word));
  const isContent = (word: string) => word.length > 1 && !STOP_WORDS.has(word);
  const framing = tokens.filter((token, index) => asking.has(index) || FRAMING_WORDS.has(stem(token.word)));
  const subject = tokens.filter((token) => isContent(token.word) && !framing.includes(token));
  const chosen = subject.length > 0 ? subject : tokens.filter((token) => isContent(token.word));
  const byStem = new Map<string, string>();
  for (const { word } of chosen) if (!byStem.has(stem(word))) byStem.set(stem(word), word);
  const subjectWords = [...byStem.values()];
  const feelings = new Map<string, FeelingFamily | 'any'>();
  for (const word of subjectWords) {
    const family = feelingOf(word);
    if (family) feelings.set(word, family);
  }
  return { subjectWords, feelings, asksOutcome: asking.size > 0, focus: subject.length > 0 ? withoutTokens(query, framing) : query };
}

/** The text with these tokens of it cut out. */
function withoutTokens(text: string, cut: readonly WordToken[]): string {
  let kept = '';
  let from = 0;
  for (const token of cut) {
    kept += text.slice(from, token.start);
    from = token.end;
  }
  return (kept + text.slice(from))
    .replace(/\s+/g, ' ')
    .replace(/ ([?!.,])/g, '$1')
    .trim();
}
