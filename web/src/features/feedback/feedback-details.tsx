import { styled } from 'styled-components';
import { TARGET_ANSWER_SECONDS, type AnswerFeedback } from '@story/proto';

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

const PART_NAMES = { situation: 'Situation', task: 'Task', action: 'Action', result: 'Result' } as const;
const DIMENSION_NAMES = { relevance: 'Relevance', specificity: 'Specificity', ownership: 'Ownership', impact: 'Impact', structure: 'Structure' } as const;
const LENGTH_WORDS = { short: 'shorter than', good: 'within', long: 'longer than' } as const;

/** Seconds as "0:07" or "1:32". */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** The full feedback on one answer: the STAR parts with their words or a prompt, the five scores with their sentences, the delivery of a spoken answer. */
export function FeedbackDetails({ feedback, id }: { feedback: AnswerFeedback; id: string }) {
  const { delivery } = feedback;
  return (
    <Details id={id}>
      <section aria-label="Story construction">
        <Title>Story construction (STAR)</Title>
        <Items>
          {feedback.star.map((part) => (
            <li key={part.part}>
              <strong>{PART_NAMES[part.part]}:</strong>{' '}
              {part.present ? part.quotes.map((quote) => `“${quote.text}”`).join(' … ') : <Muted>missing. {part.prompt}</Muted>}
            </li>
          ))}
        </Items>
      </section>
      <section aria-label="Assessment">
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
        <section aria-label="Delivery">
          <Title>Delivery</Title>
          <Items>
            <li>{delivery.wordsPerMinute} words per minute</li>
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
              {delivery.length && `, ${LENGTH_WORDS[delivery.length]} the target of ${TARGET_ANSWER_SECONDS.min / 60}–${TARGET_ANSWER_SECONDS.max / 60} minutes`}
            </li>
          </Items>
        </section>
      )}
    </Details>
  );
}
