import { useId, useState, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { STAR_PARTS, type AnswerFeedback } from '@story/proto';
import { VisuallyHidden } from '../../../components/visually-hidden.ts';
import { FeedbackDetails } from './feedback-details.tsx';
import { answerPieces, quotedRanges, type TextSpan } from '../lib/highlighted-answer.ts';
import { pillButtonStyles } from './pill-button.ts';
import { useAnswerFeedback } from '../hooks/use-answer-feedback.ts';

const AnswerText = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  mark {
    background: ${({ theme }) => theme.colors.highlight};
    color: ${({ theme }) => theme.colors.text};
    border-radius: 3px;
  }
  /* A word the recogniser was unsure of: a dotted underline, thick enough to see on either bubble. */
  .unsure {
    text-decoration: underline dotted ${({ theme }) => theme.colors.danger};
    text-decoration-thickness: 2px;
    text-underline-offset: 3px;
  }
`;

const UnsureNote = styled.p`
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** What a dotted underline means, said once under an answer that has unsure words. */
export const UNSURE_NOTE = 'Words with a dotted underline may be misheard: correct the transcript if they are wrong.';

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Toggle = styled.button`
  ${pillButtonStyles}
  border-color: ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
`;

const Chips = styled.span`
  display: inline-flex;
  gap: 3px;
`;

const Chip = styled.span<{ $present: boolean }>`
  display: inline-grid;
  place-items: center;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  font-weight: 700;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme, $present }) => ($present ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $present }) => ($present ? theme.colors.onPrimary : theme.colors.primary)};
`;

const Badge = styled.span`
  padding: 1px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
`;

/** Whether the feedback line counts attempts: in interview practice, once the question was answered more than once (never for a story turn). */
export const showsAttempts = (feedback: Pick<AnswerFeedback, 'kind' | 'attempts'>): boolean => feedback.kind === 'practice' && feedback.attempts > 1;

const PART_NAMES = { situation: 'Situation', task: 'Task', action: 'Action', result: 'Result' } as const;

const UNSURE = 'Unsure';

/**
 * The answer's text: words the recogniser was unsure of underlined (and said to be unsure, for
 * screen readers); while the feedback is open, the words it quotes are marked with what they stand for.
 */
function QuotedAnswer({ answer, feedback, uncertain }: { answer: string; feedback: AnswerFeedback | null; uncertain: readonly TextSpan[] }) {
  const ranges = [...(feedback ? quotedRanges(feedback) : []), ...uncertain.map((span) => ({ ...span, label: UNSURE }))];
  if (ranges.length === 0) return <AnswerText>{answer}</AnswerText>;
  return (
    <AnswerText>
      {answerPieces(answer, ranges).map((piece, index) =>
        piece.label === UNSURE ? (
          <span key={index} className="unsure" title="The recogniser was unsure of this word">
            {piece.text}
            <VisuallyHidden> (unsure)</VisuallyHidden>
          </span>
        ) : piece.label ? (
          <mark key={index} title={piece.label}>
            <VisuallyHidden>{piece.label}: </VisuallyHidden>
            {piece.text}
          </mark>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </AnswerText>
  );
}

/** S, T, A and R, filled when the answer tells that part; each named for screen readers. */
function StarChips({ feedback }: { feedback: AnswerFeedback }) {
  return (
    <Chips role="group" aria-label="STAR parts">
      {STAR_PARTS.map((name) => {
        const present = feedback.star.find((part) => part.part === name)?.present ?? false;
        return (
          <Chip key={name} $present={present} data-present={present}>
            <span aria-hidden="true">{PART_NAMES[name][0]}</span>
            <VisuallyHidden>
              {PART_NAMES[name]}: {present ? 'told' : 'missing'}
            </VisuallyHidden>
          </Chip>
        );
      })}
    </Chips>
  );
}

export interface AnswerWithFeedbackProps {
  answerId: string | null | undefined;
  answer: string;
  /** Shown on the feedback line (practice: "Answer this again"). */
  actions?: ReactNode;
  /** Words of a spoken answer the recogniser was unsure of, until its feedback (which lists them) is here. */
  uncertain?: readonly TextSpan[] | undefined;
  /** Shown in place of the answer's text (the transcript being corrected). */
  editor?: ReactNode;
  /** Shown under the answer whatever the feedback ("Correct transcript"). */
  tools?: ReactNode;
}

/**
 * One of the person's answers with its feedback: a compact line (overall score, STAR chips, "Best"
 * among several attempts) once the feedback is ready, a disclosure button that opens the full
 * feedback, and the quoted words marked in the answer while it is open.
 */
export function AnswerWithFeedback({ answerId, answer, actions, uncertain = [], editor, tools }: AnswerWithFeedbackProps) {
  const state = useAnswerFeedback(answerId);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const feedback = state.status === 'ready' ? state.feedback : null;
  // The feedback's own list is of the text it scored; a transcript corrected on screen has none.
  const unsure = feedback && feedback.answer === answer ? feedback.uncertain : feedback ? [] : uncertain;
  return (
    <>
      {editor ?? <QuotedAnswer answer={answer} feedback={open ? feedback : null} uncertain={unsure} />}
      {!editor && unsure.length > 0 && <UnsureNote>{UNSURE_NOTE}</UnsureNote>}
      {!editor && tools}
      {state.status === 'waiting' && (
        <Line role="status" data-testid="feedback-waiting">
          Feedback on this answer is on its way…
        </Line>
      )}
      {feedback && (
        <Line data-testid="feedback-line">
          <Toggle type="button" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((was) => !was)}>
            Feedback {feedback.overall.toFixed(1)}/10
            <VisuallyHidden>{open ? ', hide details' : ', show details'}</VisuallyHidden>
          </Toggle>
          <StarChips feedback={feedback} />
          {showsAttempts(feedback) && feedback.best && <Badge>Best</Badge>}
          {showsAttempts(feedback) && (
            <span>
              attempt {feedback.attempt} of {feedback.attempts}
            </span>
          )}
          {actions}
        </Line>
      )}
      {feedback && open && <FeedbackDetails feedback={feedback} id={detailsId} />}
    </>
  );
}
