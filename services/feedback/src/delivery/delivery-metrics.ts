import { LONG_PAUSE_SECONDS, TARGET_ANSWER_SECONDS, type AnswerDeliveryInput, type DeliveryFeedback } from '@story/proto';
import { alignWords, type SpokenWord } from './word-alignment.ts';

type Filler = DeliveryFeedback['fillers'][number];
type Pause = DeliveryFeedback['pauses'][number];

/** Sounds that are always filler. */
const HESITATIONS = new Set(['um', 'umm', 'uhm', 'uh', 'uhh', 'er', 'erm', 'ah', 'hmm', 'mm']);
/** Words that are filler wherever they fall in a spoken answer. */
const EMPTY_WORDS = new Set(['basically', 'actually']);
/** Before "like", these make it a verb or a comparison ("I'd like", "looks like", "tools like"), not filler. */
const LIKE_KEEPS_MEANING_AFTER = new Set(
  "i we you they he she it would i'd we'd you'd they'd looks look looked looking feel feels felt seem seems seemed sounds sounded something anything nothing things stuff much more less people tools ones one just didn't don't doesn't not".split(
    ' ',
  ),
);
/** After "you know", these make it a real question or clause ("you know what happened"). */
const YOU_KNOW_CLAUSE = new Set('that what how why where when who whether if the'.split(' '));
/** A "so" after a silence this long (or opening the answer) starts a sentence out of habit. */
const SO_AFTER_SILENCE_SECONDS = 1;
/** Words a minute that read as slow or as rushed in an interview. */
const PACE = { slow: 110, fast: 170 } as const;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The fillers among the spoken words: hesitations, empty words, "like", "you know" and a habitual "so"; never a word the recogniser was unsure of. */
function fillersOf(words: readonly SpokenWord[]): { at: number; length: number }[] {
  const found: { at: number; length: number }[] = [];
  const isFiller = (index: number) => found.some((filler) => index >= filler.at && index < filler.at + filler.length);
  for (const [index, word] of words.entries()) {
    const before = words[index - 1];
    const after = words[index + 1];
    // A word the recogniser was unsure of may not have been said at all: never counted against the person.
    if (word.uncertain) continue;
    if (HESITATIONS.has(word.normal) || EMPTY_WORDS.has(word.normal)) found.push({ at: index, length: 1 });
    else if (word.normal === 'like' && !(before && (LIKE_KEEPS_MEANING_AFTER.has(before.normal) || before.normal.endsWith("'d"))))
      found.push({ at: index, length: 1 });
    else if (
      word.normal === 'you' &&
      after?.normal === 'know' &&
      !after.uncertain &&
      !YOU_KNOW_CLAUSE.has(words[index + 2]?.normal ?? '') &&
      !['do', 'did', 'if', "don't", "didn't"].includes(before?.normal ?? '')
    ) {
      found.push({ at: index, length: 2 });
    } else if (word.normal === 'so') {
      const opens = !before || word.start - before.end >= SO_AFTER_SILENCE_SECONDS || isFiller(index - 1);
      const leadsIntoFiller =
        after !== undefined && !after.uncertain && (HESITATIONS.has(after.normal) || EMPTY_WORDS.has(after.normal) || after.normal === 'like');
      if (opens || leadsIntoFiller) found.push({ at: index, length: 1 });
    }
  }
  return found;
}

/** Where in the text a spoken word stands: its own offsets, or the point before the next matched word (a transcript without it). */
function placeOf(words: readonly SpokenWord[], index: number, length: number, answerLength: number): { start: number; end: number } {
  const first = words[index]?.text;
  const last = words[index + length - 1]?.text;
  if (first && last) return { start: first.start, end: last.end };
  const next = words.slice(index + length).find((word) => word.text)?.text;
  const at = next?.start ?? answerLength;
  return { start: at, end: at };
}

/** A pause before the first word this long is worth naming as thinking time. */
const THINKING_WORTH_SAYING_SECONDS = 2;

/** The sentence that sums the delivery up; `judged`: the length is held against the 1–2 minutes of an interview answer. */
function deliveryComment(wordsPerMinute: number, fillers: number, pauses: number, seconds: number, judged: boolean, thinking: number): string {
  const said = deliverySummary(wordsPerMinute, fillers, pauses, seconds, judged);
  return thinking >= THINKING_WORTH_SAYING_SECONDS
    ? `${said} You took ${Math.round(thinking)} s to think before your first word: that is thinking, not hesitating.`
    : said;
}

function deliverySummary(wordsPerMinute: number, fillers: number, pauses: number, seconds: number, judged: boolean): string {
  const pace = wordsPerMinute < PACE.slow ? 'a slow pace' : wordsPerMinute > PACE.fast ? 'a rushed pace' : 'a comfortable pace';
  const fillerText = fillers === 0 ? 'no filler words' : `${fillers} filler word${fillers === 1 ? '' : 's'}`;
  const pauseText = pauses === 0 ? 'no long pauses' : `${pauses} pause${pauses === 1 ? '' : 's'} over ${LONG_PAUSE_SECONDS} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  const length = minutes > 0 ? `${minutes} min ${rest} s` : `${rest} s`;
  if (!judged) return `${wordsPerMinute} words a minute (${pace}), ${fillerText} and ${pauseText}, over ${length}.`;
  const target =
    seconds < TARGET_ANSWER_SECONDS.min
      ? 'shorter than the 1–2 minutes a full answer takes'
      : seconds > TARGET_ANSWER_SECONDS.max
        ? 'longer than the 1–2 minutes that hold attention'
        : 'within the 1–2 minutes a full answer takes';
  return `${wordsPerMinute} words a minute (${pace}), ${fillerText} and ${pauseText}; at ${length} the answer is ${target}.`;
}

/**
 * How a spoken answer was delivered, from its transcription's word timings: words per minute, the
 * filler words and where they fall in the text, silences longer than LONG_PAUSE_SECONDS between two
 * words, the thinking time before the first word (never a fault, and not counted in the length), and
 * the length against one to two minutes. A turn of a story thread answers a follow-up and is not a whole
 * answer: its length is not judged (`judgeLength` false: length null). Null without timed words.
 */
export function deliveryFeedback(answer: string, input: AnswerDeliveryInput, { judgeLength = true }: { judgeLength?: boolean } = {}): DeliveryFeedback | null {
  const words = alignWords(answer, input.wordTimings);
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return null;
  const speaking = Math.max(last.end - first.start, 0.5);
  // The silence before the first word is thinking (issue 23): neither a pause nor part of the answer's length.
  const thinkingSeconds = round1(Math.max(first.start, 0));
  const durationSeconds = round1(input.durationSeconds !== undefined ? Math.max(input.durationSeconds - thinkingSeconds, speaking) : speaking);
  const wordsPerMinute = Math.round((words.length * 60) / speaking);

  const fillers: Filler[] = fillersOf(words).map(({ at, length }) => {
    const spoken = words.slice(at, at + length);
    return { word: spoken.map((word) => word.normal).join(' '), ...placeOf(words, at, length, answer.length), atSeconds: round1(spoken[0]?.start ?? 0) };
  });
  const pauses: Pause[] = [];
  for (const [index, word] of words.entries()) {
    const after = words[index + 1];
    if (!after || after.start - word.end <= LONG_PAUSE_SECONDS) continue;
    const before = words.slice(0, index + 1).findLast((candidate) => candidate.text)?.text;
    pauses.push({ offset: before?.end ?? 0, afterWord: word.word, atSeconds: round1(word.end), seconds: round1(after.start - word.end) });
  }
  const judged = durationSeconds < TARGET_ANSWER_SECONDS.min ? 'short' : durationSeconds > TARGET_ANSWER_SECONDS.max ? 'long' : 'good';
  const length = judgeLength ? judged : null;
  return {
    durationSeconds,
    wordCount: words.length,
    wordsPerMinute,
    fillers,
    pauses,
    length,
    comment: deliveryComment(wordsPerMinute, fillers.length, pauses.length, durationSeconds, judgeLength, thinkingSeconds),
    thinkingSeconds,
  };
}
