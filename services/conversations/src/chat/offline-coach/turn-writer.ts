import { nonAnswerKind, words, type NonAnswerKind } from '@story/language';
import { questionOf } from './coach-phrases.ts';

/** One turn of the conversation, trimmed and never empty. */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/** FNV-1a: a small stable hash, so the same conversation always gets the same phrasing. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The text as lower-case words joined by single spaces, for comparing wordings. */
export const normalize = (text: string): string => words(text).join(' ');

/** The item at `index` (wrapping), for lists known not to be empty. */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[((index % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('no items to choose from');
  return item;
}

/** What the coach knows about one reply it is writing: the thread, and how to vary and not repeat. */
export class TurnWriter {
  /** The coach's earlier turns, normalised. */
  readonly asked: string[];

  constructor(
    readonly text: string,
    readonly history: readonly Turn[],
    readonly seed: number,
  ) {
    this.asked = history.filter((turn) => turn.role === 'assistant').map((turn) => normalize(turn.content));
  }

  /** True when this question (or one worded the same) was already asked in the thread. */
  wasAsked(question: string): boolean {
    const key = normalize(question);
    return key.length > 0 && this.asked.some((turn) => turn.includes(key));
  }

  /**
   * A phrasing chosen by the seed (so replies vary, yet are reproducible), avoiding one whose fixed
   * words the coach used in its last two turns.
   */
  pick(options: readonly string[], salt = 0): string {
    if (options.length === 0) throw new Error('no options to pick from');
    const recent = this.asked.slice(-2);
    for (let i = 0; i < options.length; i++) {
      const option = itemAt(options, this.seed + salt + i);
      const fragments = option
        .split(/“[^”]*”/)
        .map(normalize)
        .filter((fragment) => fragment.split(' ').length >= 3);
      if (!fragments.some((fragment) => recent.some((turn) => turn.includes(fragment)))) return option;
    }
    return itemAt(options, this.seed + salt);
  }

  /** The question the coach asked last (in its latest turn that asked one), undefined when it asked none yet. */
  lastQuestion(): string | undefined {
    for (const turn of [...this.history].reverse()) {
      const question = turn.role === 'assistant' ? questionOf(turn.content) : undefined;
      if (question) return question;
    }
    return undefined;
  }

  /** What the person's new text is when it is not an answer ("Can you repeat the question?"), read against the coach's last turn. */
  nonAnswer(): NonAnswerKind | undefined {
    return nonAnswerKind(this.text, this.history.findLast((turn) => turn.role === 'assistant')?.content ?? '');
  }

  /** The first question not asked yet, starting at a seeded position; undefined when all were. */
  fresh(questions: readonly string[], salt = 0): string | undefined {
    for (let i = 0; i < questions.length; i++) {
      const question = itemAt(questions, this.seed + salt + i);
      if (!this.wasAsked(question)) return question;
    }
    return undefined;
  }
}
