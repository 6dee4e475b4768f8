import { useId } from 'react';
import { styled } from 'styled-components';
import { spreadRowStyles } from '../../../components/spread-row.ts';
import { cardSurfaceStyles } from '../../../components/card-section.ts';
import { FeedbackDetails } from '../../feedback/index.ts';
import type { ReportAnswerView, ReportQuestionView } from '../lib/report-view.ts';
import { Hint } from './form-parts.ts';

const Card = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  ${cardSurfaceStyles}
  overflow-wrap: anywhere;
`;

const Heading = styled.div`
  ${spreadRowStyles}
  align-items: baseline;
  gap: ${({ theme }) => theme.space.sm};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Score = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const Asked = styled.p`
  font-weight: 600;
`;

const Said = styled.blockquote`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 3px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.background};
  white-space: pre-wrap;
`;

const Missing = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;

/** One answer: the person's words, then its feedback (the five scores, STAR parts with quotes, delivery), or that it is still being scored. */
function AnswerBlock({ answer, label, of }: { answer: ReportAnswerView; label: string; of: string }) {
  const detailsId = useId();
  return (
    <>
      <Said aria-label={label}>{answer.text}</Said>
      {answer.feedback ? <FeedbackDetails feedback={answer.feedback} id={detailsId} of={of} /> : <Hint>Feedback on this answer is still being written.</Hint>}
    </>
  );
}

/** A question of the report: what was asked and why, the answer and its follow-up with their feedback, the story used. */
export function ReportQuestion({ question }: { question: ReportQuestionView }) {
  return (
    <Card aria-labelledby={`report-question-${question.index}`} data-testid="report-question">
      <Heading>
        <h3 id={`report-question-${question.index}`}>{question.heading}</h3>
        <Score>{question.score ?? 'Not answered'}</Score>
      </Heading>
      <Asked>{question.question}</Asked>
      <Hint>{question.source}</Hint>
      {question.story && (
        <p>
          <strong>Story used:</strong> “{question.story}”
        </p>
      )}
      {question.answer ? (
        <AnswerBlock answer={question.answer} label="Your answer" of={`${question.heading.toLowerCase()}`} />
      ) : (
        <Missing>You did not answer this question.</Missing>
      )}
      {question.followUp && (
        <>
          <Asked>Follow-up: {question.followUp.question}</Asked>
          {question.followUp.answer ? (
            <AnswerBlock answer={question.followUp.answer} label="Your answer to the follow-up" of={`${question.heading.toLowerCase()} follow-up`} />
          ) : (
            <Missing>You did not answer the follow-up.</Missing>
          )}
        </>
      )}
    </Card>
  );
}
