import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { styled } from 'styled-components';
import { CONVERSATION_MESSAGES, DEFAULT_TIME_LIMIT_SECONDS, MOCK_INTERVIEW_MESSAGES as M, type MockInterview, type MockInterviewTurn } from '@story/proto';
import { serverMessageOr } from '../../api/failure.ts';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { SpeakerIcon } from '../../components/icons.tsx';
import { SpreadRow } from '../../components/spread-row.ts';
import { BusyStatus } from '../../components/spinner.tsx';
import { notifyFailure } from '../../components/toast/notify.ts';
import { useAsyncEffect } from '../../hooks/use-async-effect.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFetchRecordingSettings } from '../../voice/api/recording-settings.api.ts';
import { ReplyAnnouncer } from '../../voice/components/reply-announcer.tsx';
import { SpokenReplyText } from '../../voice/components/spoken-reply-text.tsx';
import { TextComposer } from '../../voice/components/text-composer.tsx';
import { VoiceRecorder } from '../../voice/components/voice-recorder.tsx';
import { type Speaking, useSpokenReplies } from '../../voice/hooks/use-spoken-reply.ts';
import type { ConversationMessage } from '../../voice/lib/conversation-messages.ts';
import { useUsage } from '../../api/usage.api.ts';
import { finishMockInterview } from './api/mock-interviews.api.ts';
import { Actions, Hint } from './components/form-parts.ts';
import { InterviewFrame } from './components/interview-frame.tsx';
import { ThinkCountdown } from './components/think-countdown.tsx';
import { useInterviewAnswers, type FailedAnswer } from './hooks/use-interview-answers.ts';
import { lineKeyOf, useInterviewerLines, useLineHeard } from './hooks/use-interviewer-lines.ts';
import { useMockInterview } from './hooks/use-mock-interview.ts';
import { currentTurn, pinnedStory, progressLine, sourceLine, unansweredCount, type InterviewTurn } from './lib/interview-turn.ts';
import { positiveId } from './lib/mock-links.ts';
import { mockReportPath } from '../../lib/paths.ts';

const Progress = styled.p`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Interviewer = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  overflow-wrap: anywhere;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Reminder = styled.aside`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Alert = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** The interviewer's line: its words, the one being said marked while it is spoken. */
function InterviewerLine({ line, fallback, speaking }: { line: ConversationMessage | null; fallback: string; speaking: Speaking | null }) {
  return (
    <Interviewer aria-labelledby="interviewer-heading" data-testid="interviewer-line">
      <h2 id="interviewer-heading">The interviewer</h2>
      {line && speaking?.key === line.key ? <SpokenReplyText text={line.aiResponse} wordIndex={speaking.wordIndex} /> : <p>{line?.aiResponse ?? fallback}</p>}
    </Interviewer>
  );
}

/** A spoken answer that was not sent: said, kept, and sent again or recorded again (as /recording's ContinueFailed offers Retry). */
function FailedAnswerPanel({ failed, onRetry, onDiscard }: { failed: FailedAnswer; onRetry: () => void; onDiscard: () => void }) {
  return (
    <CardSection aria-label="Answer not sent">
      <Alert role="alert">{failed.message} Your recording is kept on this screen.</Alert>
      <Actions>
        <Button onClick={onRetry}>Send my answer again</Button>
        <Button $variant="secondary" onClick={onDiscard}>
          Record it again
        </Button>
      </Actions>
    </CardSection>
  );
}

/** The user's recording limit (seconds), fetched once; the default should it fail. */
function useTimeLimit(): number | null {
  const fetchSettings = useFetchRecordingSettings();
  const [limit, setLimit] = useState<number | null>(null);
  useAsyncEffect(
    () => fetchSettings(),
    {
      onSuccess: (settings) => setLimit(settings.timeLimit),
      onError: (error) => {
        notifyFailure(CONVERSATION_MESSAGES.timeLimitFailed, error);
        setLimit(DEFAULT_TIME_LIMIT_SECONDS);
      },
    },
    [],
  );
  return limit;
}

interface AnswerAreaProps {
  interview: MockInterview;
  turn: Extract<InterviewTurn, { kind: 'asking' }>;
  heard: boolean;
  answers: ReturnType<typeof useInterviewAnswers>;
  timeLimit: number | null;
}

/** After the line is heard: the think time, then the answer by voice (Stop, or hands-free silence) or text. */
function AnswerArea({ interview, turn, heard, answers, timeLimit }: AnswerAreaProps) {
  const [answeringKey, setAnsweringKey] = useState<string | null>(null);
  const answering = answeringKey === turn.key;
  const mockTurn: MockInterviewTurn = { id: interview.id, questionIndex: turn.questionIndex, part: turn.part };
  const voice = interview.mode === 'voice';

  if (answers.failed) return <FailedAnswerPanel failed={answers.failed} onRetry={answers.retry} onDiscard={answers.discard} />;
  if (!heard) return <BusyStatus>The interviewer is asking...</BusyStatus>;
  if (!answering)
    return (
      <ThinkCountdown
        key={turn.key}
        seconds={interview.thinkSeconds}
        skipLabel={voice ? 'Start answering now' : 'Answer now'}
        onDone={() => setAnsweringKey(turn.key)}
      />
    );
  if (!voice)
    return (
      <TextComposer
        key={turn.key}
        draftKey={`mock-${interview.id}-${turn.key}`}
        label="Your answer"
        sendLabel="Send answer"
        processing={answers.pending !== null}
        onSend={(text) => answers.answerTyped(text, mockTurn)}
      />
    );
  return (
    <>
      <Hint>
        {interview.handsFreeSilenceSeconds === null
          ? 'Take your time: pauses never end your answer. Press Stop when you are done.'
          : `Hands-free: ${interview.handsFreeSilenceSeconds} seconds of silence end your answer, or press Stop.`}
      </Hint>
      <VoiceRecorder
        key={turn.key}
        timeLimit={timeLimit}
        autoStart
        countdown={false}
        startLabel="Start answering"
        stopAfterSilenceSeconds={interview.handsFreeSilenceSeconds}
        processing={answers.pending}
        onRecorded={(recording) => answers.answerSpoken(recording, mockTurn)}
      />
    </>
  );
}

/** Finishing the interview (asked first when questions remain): the report is made and shown; a refusal says the API's message. */
function useFinishInterview(interviewId: number, stopSpeaking: () => void) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const finish = useCallback(async () => {
    setFinishing(true);
    try {
      await finishMockInterview(interviewId);
      stopSpeaking();
      await navigate(mockReportPath(interviewId));
    } catch (error) {
      notifyFailure(serverMessageOr(error, M.nothingAnswered), error);
      setFinishing(false);
      setConfirming(false);
    }
  }, [interviewId, navigate, stopSpeaking]);
  return { confirming, setConfirming, finishing, finish };
}

/** The interview in progress: progress, the interviewer's line (spoken), the pinned story, the answer, Finish. */
function InterviewScreen({
  interview,
  replace,
  reload,
}: {
  interview: MockInterview;
  replace: (interview: MockInterview) => void;
  reload: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const turn = currentTurn(interview);
  const lines = useInterviewerLines(interview, turn);
  const [muted, setMuted] = useState(false);
  const spoken = useSpokenReplies(lines.messages, muted);
  const line = lines.lineOf(lineKeyOf(turn));
  const heard = useLineHeard(line, spoken.speaking, muted);
  const answers = useInterviewAnswers(interview, lines, { replace, reload });
  const timeLimit = useTimeLimit();
  // The interviewer speaks on plans with voice replies (issue 39, 4): only there is it muted.
  const planSpeaks = useUsage().data?.features.voiceReplies === true;
  const { confirming, setConfirming, finishing, finish } = useFinishInterview(interview.id, spoken.stop);
  const left = unansweredCount(interview);

  useEffect(() => {
    if (turn.kind === 'finished') void navigate(mockReportPath(interview.id), { replace: true });
  }, [turn.kind, interview.id, navigate]);

  const handleFinish = () => {
    if (turn.kind === 'asking' && left > 0) setConfirming(true);
    else void finish();
  };
  const pinned = turn.kind === 'asking' ? pinnedStory(turn.question) : null;

  return (
    <>
      <SpreadRow>
        <Progress aria-live="polite">{progressLine(interview, turn)}</Progress>
        {interview.mode === 'voice' && planSpeaks && (
          <Button $variant="ghost" aria-pressed={muted} onClick={() => setMuted((value) => !value)}>
            <SpeakerIcon muted={muted} />
            {muted ? 'Unmute the interviewer' : 'Mute the interviewer'}
          </Button>
        )}
      </SpreadRow>
      {turn.kind !== 'finished' && <InterviewerLine line={line} fallback={turn.line} speaking={spoken.speaking} />}
      {turn.kind === 'asking' && <Hint>{sourceLine(turn.question.source)}</Hint>}
      {pinned && (
        <Reminder aria-label="Your story for this question">
          <strong>Your story:</strong> “{pinned.excerpt}”
        </Reminder>
      )}
      {turn.kind === 'asking' && <AnswerArea key={turn.key} interview={interview} turn={turn} heard={heard} answers={answers} timeLimit={timeLimit} />}
      <Actions>
        <Button $variant={turn.kind === 'asking' ? 'secondary' : 'primary'} onClick={handleFinish} disabled={finishing || answers.pending !== null}>
          {turn.kind === 'asking' ? 'Finish interview' : 'See your report'}
        </Button>
      </Actions>
      <ReplyAnnouncer messages={lines.messages} />
      <ConfirmDialog
        open={confirming}
        title="Finish the interview now?"
        description={`${left === 1 ? '1 question is' : `${left} questions are`} not answered yet. They count 0 in your report.`}
        cancelLabel="Keep going"
        confirmLabel="Finish interview"
        busy={finishing}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void finish()}
      />
    </>
  );
}

/** /interview-practice/mock/:id: the interview itself; a reload resumes at the current question. */
export function MockInterviewPage() {
  useDocumentTitle('Mock interview');
  const { id } = useParams();
  const { interview, failure, replace, reload } = useMockInterview(positiveId(id));
  return (
    <InterviewFrame title="Mock interview" interview={interview} failure={failure}>
      {(loaded) => <InterviewScreen interview={loaded} replace={replace} reload={reload} />}
    </InterviewFrame>
  );
}
