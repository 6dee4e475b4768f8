import { useCallback, useRef, useState } from 'react';
import { MOCK_INTERVIEW_MESSAGES as M, type MockInterview, type MockInterviewTurn } from '@story/proto';
import { failureStatus, serverMessageOr } from '../../../api/failure.ts';
import { notifyError, notifyFailure } from '../../../components/toast/notify.ts';
import type { SpokenTurn } from '../../../voice/api/voice.api.ts';
import { type FinishedRecording, liveApi } from '../../../voice/hooks/use-recording-session.ts';
import { LiveRecording } from '../../../voice/lib/live-recording.ts';
import type { TurnContext } from '../../../voice/lib/turn-context.ts';
import { answerInWriting, fetchMockInterview } from '../api/mock-interviews.api.ts';
import { currentTurn } from '../lib/interview-turn.ts';
import { lineKeyOf, type InterviewerLines } from './use-interviewer-lines.ts';

/** A spoken answer that could not be sent: kept on screen, with the turn it answers, to send again. */
export interface FailedAnswer {
  recording: FinishedRecording;
  turn: MockInterviewTurn;
  message: string;
}

export interface InterviewAnswers {
  /** What is being done with an answer ("Sending your answer..."), or null. */
  pending: string | null;
  failed: FailedAnswer | null;
  answerSpoken: (recording: FinishedRecording, turn: MockInterviewTurn) => void;
  /** Resolves true when the answer was recorded (the text box then empties). */
  answerTyped: (text: string, turn: MockInterviewTurn) => Promise<boolean>;
  /** Sends the kept recording again, in a new live session. */
  retry: () => void;
  /** Drops the kept recording (the person records the answer again). */
  discard: () => void;
}

const turnContext = (turn: MockInterviewTurn): TurnContext => ({ conversationHistory: [], mockInterview: turn });

/** A refusal because the turn was answered elsewhere, or the interview finished (409): said, and the interview read again; true when it was one. */
function useConflictTold(reload: () => Promise<void>): (error: unknown) => Promise<boolean> {
  return useCallback(
    async (error: unknown) => {
      if (failureStatus(error) !== 409) return false;
      notifyError(serverMessageOr(error, M.alreadyAnswered));
      await reload();
      return true;
    },
    [reload],
  );
}

/** The key of a typed answer: the same words for the same turn keep theirs. */
function attemptKeyOf(keys: Map<string, string>, turn: MockInterviewTurn, text: string): string {
  const said = `${turn.questionIndex}:${turn.part}:${text.trim()}`;
  const key = keys.get(said) ?? crypto.randomUUID();
  keys.set(said, key);
  return key;
}

/**
 * The answers of the interview screen, one at a time. A spoken one goes through its live session's
 * finish, naming the interview's turn: its reply is the interviewer's next line, spoken; a typed one
 * is posted. Either way the interview is read again (where it is now). Another tab answered first
 * (409): its message is told and the interview is read again. Any other failure of a spoken answer
 * keeps the recording, to send again.
 */
export function useInterviewAnswers(
  interview: MockInterview,
  lines: Pick<InterviewerLines, 'receiveSpoken' | 'receiveText'>,
  { replace, reload }: { replace: (interview: MockInterview) => void; reload: () => Promise<void> },
): InterviewAnswers {
  const [pending, setPending] = useState<string | null>(null);
  const [failed, setFailed] = useState<FailedAnswer | null>(null);
  // One key per typed answer (its turn and words): sent again after a dropped connection, it gets the first result, not a 409.
  const attemptKeys = useRef(new Map<string, string>());
  const { receiveSpoken, receiveText } = lines;
  const interviewId = interview.id;

  const handleConflict = useConflictTold(reload);

  const sendSpoken = useCallback(
    async (recording: FinishedRecording, turn: MockInterviewTurn, send: () => Promise<SpokenTurn>) => {
      setPending('Sending your answer...');
      setFailed(null);
      try {
        const result = await send();
        const next = await fetchMockInterview(interviewId);
        const key = lineKeyOf(currentTurn(next));
        if (key !== null) receiveSpoken(key, result);
        replace(next);
      } catch (error) {
        if (!(await handleConflict(error))) {
          const message = serverMessageOr(error, M.answerFailed);
          notifyFailure(message, error);
          setFailed({ recording, turn, message });
        }
      } finally {
        setPending(null);
      }
    },
    [interviewId, receiveSpoken, replace, handleConflict],
  );

  const answerSpoken = useCallback(
    (recording: FinishedRecording, turn: MockInterviewTurn) => void sendSpoken(recording, turn, () => recording.live.finish(recording.file, turnContext(turn))),
    [sendSpoken],
  );

  const retry = useCallback(() => {
    if (!failed) return;
    const { recording, turn } = failed;
    // The first session may be gone: the whole recording goes up again as a new session's one chunk,
    // under the same recording id, so an answer that was recorded after all is not recorded twice.
    const again = new LiveRecording(liveApi, recording.mimeType, recording.live.recordingId);
    again.add(recording.file);
    void sendSpoken(recording, turn, () => again.finish(recording.file, turnContext(turn)));
  }, [failed, sendSpoken]);

  const answerTyped = useCallback(
    async (text: string, turn: MockInterviewTurn): Promise<boolean> => {
      setPending('Sending your answer...');
      try {
        const attemptKey = attemptKeyOf(attemptKeys.current, turn, text);
        const answered = await answerInWriting(interviewId, { questionIndex: turn.questionIndex, part: turn.part, text, attemptKey });
        const key = lineKeyOf(currentTurn(answered.interview));
        if (key !== null) receiveText(key, answered.next.text);
        replace(answered.interview);
        return true;
      } catch (error) {
        if (!(await handleConflict(error))) notifyFailure(serverMessageOr(error, M.answerFailed), error);
        return false;
      } finally {
        setPending(null);
      }
    },
    [interviewId, receiveText, replace, handleConflict],
  );

  return { pending, failed, answerSpoken, answerTyped, retry, discard: () => setFailed(null) };
}
