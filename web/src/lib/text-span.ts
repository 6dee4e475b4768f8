/** Characters `start` (inclusive) to `end` (exclusive) of a text (an uncertain word of a transcript, a quote of feedback). */
export interface TextSpan {
  start: number;
  end: number;
}
