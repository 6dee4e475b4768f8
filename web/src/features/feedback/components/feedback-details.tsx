import { styled } from 'styled-components';
import { TARGET_ANSWER_SECONDS, type AnswerFeedback, type StarPartFeedback } from '@story/proto';

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Title = styled.p`
  font-weight: 700;
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

const Items = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Sources = styled.ul`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding-left: ${({ theme }) => theme.space.md};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  list-style: disc;
`;

const Next = styled.p`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const PART_NAMES = { situation: 'Situation', task: 'Task', action: 'Action', result: 'Result' } as const;
/** The longest question shown beside an earlier turn's quote; a longer one is cut at a word. */
const QUESTION_CHARS = 90;
const DIMENSION_NAMES = { relevance: 'Relevance', specificity: 'Specificity', ownership: 'Ownership', impact: 'Impact', structure: 'Structure' } as const;
const LENGTH_WORDS = { short: 'shorter than', good: 'within', long: 'longer than' } as const;

/** Seconds as "0:07" or "1:32". */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/**
 * The question of a coach's turn, to show beside a quote of the answer to it: the turn's last
 * sentence that asks, without the reflection before it, shortened at a word when long.
 */
export function questionLine(turn: string): string {
  const sentences = turn
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?…]["”’]?)\s+(?=["“]?[A-Z])/);
  const asked = sentences.findLast((sentence) => sentence.endsWith('?')) ?? sentences.at(-1) ?? '';
  if (asked.length <= QUESTION_CHARS) return asked;
  return `${asked.slice(0, asked.lastIndexOf(' ', QUESTION_CHARS)).replace(/[\s,;:—–-]+$/, '')}…`;
}

/** A STAR part's words: from this answer and, in a story, from whichever earlier turn told it (with the question it answered). */
function PartWords({ part, turn }: { part: StarPartFeedback; turn: number }) {
  if (!part.present) return <Muted>missing. {part.prompt}</Muted>;
  const here = part.quotes.map((quote) => `“${quote.text}”`).join(' … ');
  if (part.earlier.length === 0) return <>{here || 'told.'}</>;
  return (
    <Sources>
      {part.earlier.map((quote) => (
        <li key={`${quote.turn}-${quote.start}`}>
          From turn {quote.turn}
          {quote.question && <Muted> (answering “{questionLine(quote.question)}”)</Muted>}: “{quote.text}”
        </li>
      ))}
      {here && (
        <li>
          From this turn (turn {turn}): {here}
        </li>
      )}
    </Sources>
  );
}

/** The full feedback on one answer (`of` names the answer where several are shown): the STAR parts with their words or a prompt, the five scores with their sentences, the delivery of a spoken answer. */
export function FeedbackDetails({ feedback, id, of }: { feedback: AnswerFeedback; id: string; of?: string }) {
  const { delivery } = feedback;
  // Several answers' feedback on one screen (a mock interview's report): each part is named after its answer.
  const named = (part: string) => (of ? `${part}, ${of}` : part);
  return (
    <Details id={id}>
      <section aria-label={named('Story construction')}>
        <Title>
          {feedback.kind === 'story' && feedback.turns > 1
            ? `Story construction (STAR), across the ${feedback.turns} turns told so far`
            : 'Story construction (STAR)'}
        </Title>
        <Items>
          {feedback.star.map((part) => (
            <li key={part.part}>
              <strong>{PART_NAMES[part.part]}:</strong> <PartWords part={part} turn={feedback.turns} />
            </li>
          ))}
        </Items>
        {feedback.next && (
          <Next>
            <strong>What to add next:</strong> {feedback.next}
          </Next>
        )}
      </section>
      <section aria-label={named('Assessment')}>
        <Title>Assessment: {feedback.overall.toFixed(1)} out of 10</Title>
        <Items>
          {feedback.assessment.map((score) => (
            <li key={score.dimension}>
              <strong>
                {DIMENSION_NAMES[score.dimension]} {score.score}/10:
              </strong>{' '}
              {score.comment}
            </li>
          ))}
        </Items>
      </section>
      {delivery && (
        <section aria-label={named('Delivery')}>
          <Title>Delivery</Title>
          <Items>
            <li>{delivery.wordsPerMinute} words per minute</li>
            {delivery.thinkingSeconds > 0 && <li>Thinking time before the first word: {delivery.thinkingSeconds.toFixed(1)} s (never held against you)</li>}
            <li>
              {delivery.fillers.length === 0
                ? 'No filler words'
                : `Filler words (${delivery.fillers.length}): ${delivery.fillers.map((filler) => `“${filler.word}” at ${clock(filler.atSeconds)}`).join(', ')}`}
            </li>
            <li>
              {delivery.pauses.length === 0
                ? 'No pauses longer than 2 s'
                : `Long pauses: ${delivery.pauses.map((pause) => `${pause.seconds.toFixed(1)} s after “${pause.afterWord}” at ${clock(pause.atSeconds)}`).join(', ')}`}
            </li>
            <li>
              Length {clock(delivery.durationSeconds)}
              {delivery.length &&
                `, ${LENGTH_WORDS[delivery.length]} the target of ${TARGET_ANSWER_SECONDS.min / 60}–${TARGET_ANSWER_SECONDS.max / 60} minutes`}
            </li>
          </Items>
        </section>
      )}
    </Details>
  );
}
