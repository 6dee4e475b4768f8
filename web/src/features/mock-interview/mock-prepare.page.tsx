import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { styled } from 'styled-components';
import { MOCK_INTERVIEW_MESSAGES as M, type MockInterview } from '@story/proto';
import { serverMessageOr } from '../../api/failure.ts';
import { Button } from '../../components/button.ts';
import { cardSurfaceStyles } from '../../components/card-section.ts';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { pinStory } from './api/mock-interviews.api.ts';
import { Actions, Hint } from './components/form-parts.ts';
import { InterviewFrame } from './components/interview-frame.tsx';
import { StoryFitList } from './components/story-fit-list.tsx';
import { useMockInterview } from './hooks/use-mock-interview.ts';
import { sourceLine } from './lib/interview-turn.ts';
import { positiveId } from './lib/mock-links.ts';
import { mockInterviewPath, mockReportPath, PATHS } from '../../lib/paths.ts';

const Questions = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const QuestionCard = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  ${cardSurfaceStyles}
  overflow-wrap: anywhere;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
`;

const QuestionText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 600;
`;

/** The questions, each with where it comes from and the person's stories that fit it. */
function StoryFitScreen({ interview, onPinned }: { interview: MockInterview; onPinned: (interview: MockInterview) => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<number | null>(null);

  const handlePin = async (questionIndex: number, storyId: number | null) => {
    setBusy(questionIndex);
    try {
      onPinned(await pinStory(interview.id, questionIndex, storyId));
      notifySuccess(storyId === null ? M.unpinned : M.pinned);
    } catch (error) {
      notifyFailure(serverMessageOr(error, M.storyNotFound), error);
    } finally {
      setBusy(null);
    }
  };

  const started = interview.status !== 'planned';
  return (
    <>
      <Hint>Pin the story you mean to tell for a question: it is shown as a reminder while you answer.</Hint>
      <Questions>
        {interview.questions.map((question) => (
          <QuestionCard key={question.index} aria-labelledby={`question-${question.index}`}>
            <h2 id={`question-${question.index}`}>Question {question.index + 1}</h2>
            <QuestionText>{question.text}</QuestionText>
            <Hint>{sourceLine(question.source)}</Hint>
            <StoryFitList question={question} busy={busy === question.index} onPin={(storyId) => void handlePin(question.index, storyId)} />
          </QuestionCard>
        ))}
      </Questions>
      <Actions>
        {interview.status === 'finished' ? (
          <Button $size="lg" onClick={() => void navigate(mockReportPath(interview.id))}>
            See the report
          </Button>
        ) : (
          <Button $size="lg" onClick={() => void navigate(mockInterviewPath(interview.id))}>
            {started ? 'Continue the interview' : 'Start the interview'}
          </Button>
        )}
        <Link to={PATHS.interviewSaved}>Back to saved jobs</Link>
      </Actions>
    </>
  );
}

/** /interview-practice/mock/:id/prepare: the story-fit step before the interview. */
export function MockPreparePage() {
  useDocumentTitle('Prepare your stories');
  const { id } = useParams();
  const { interview, failure, replace } = useMockInterview(positiveId(id));
  return (
    <InterviewFrame title="Prepare your stories" interview={interview} failure={failure}>
      {(loaded) => <StoryFitScreen interview={loaded} onPinned={replace} />}
    </InterviewFrame>
  );
}
