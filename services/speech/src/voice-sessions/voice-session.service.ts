import { speechSessionSubject, type FinishVoiceSessionRequest, type ReplyAudioPart, type StreamedTurn, type TranscribeResponse } from '@story/proto';
import type { SpeechJobClient } from '../nats/speech-job.client.ts';
import { requirePlanFor } from '../turns/turn-plan.ts';
import type { VoiceTurnService } from '../turns/voice-turn.service.ts';
import { sessionRecordingId } from '../usage/recording-id.ts';
import type { VoiceSessionClient } from './voice-session.client.ts';
import { voiceTurnStageDuration } from '@story/service-kit/telemetry/metrics';
import { StageTimeline } from '@story/service-kit/telemetry/stage-timeline';

export interface VoiceSessionServiceDeps {
  sessions: VoiceSessionClient;
  jobs: SpeechJobClient;
  turns: VoiceTurnService;
}

/** A finished session's answer: whole, or (asked for as a stream) the turn with its first piece of speech and the pieces still to come. */
export type FinishedSession = { kind: 'whole'; turn: TranscribeResponse } | { kind: 'parts'; first: StreamedTurn; rest: AsyncGenerator<ReplyAudioPart> };

/**
 * Live recordings: opened when the recorder starts (within the person's time limit and audio
 * budget), fed its one-second chunks while the person speaks (recognised as they arrive, on the
 * worker that opened it), finished at Stop, when only the last second is left to recognise, and
 * answered as any spoken turn is. It keeps nothing: any instance can take any request.
 */
export class VoiceSessionService {
  constructor(private readonly deps: VoiceSessionServiceDeps) {}

  /**
   * A new session on a worker for the recorder's `mimeType`; its id. Refused (403) before any audio
   * while the month's minutes are used; admitted, the recording holds its time limit of them. The
   * worker keeps `recordingId`: the session is that recording, whatever its finish says.
   */
  async open(userId: number, mimeType: string, recordingId?: string): Promise<string> {
    const { turns, sessions } = this.deps;
    const settings = await turns.settingsOf(userId);
    await turns.checkAudioBudget(userId);
    if (recordingId) await turns.admit(userId, recordingId, settings);
    let sessionId: string;
    try {
      sessionId = await sessions.open(userId, mimeType, settings.timeLimit, recordingId);
    } catch (error) {
      if (recordingId) await turns.release(userId, recordingId);
      throw error;
    }
    if (recordingId) return sessionId;
    // Without the recorder's id, the session's own names the recording (its fallback cannot say it).
    await turns.admit(userId, sessionRecordingId(sessionId), settings).catch(async (error: unknown) => {
      await sessions.cancel(userId, Number(sessionId)).catch(() => undefined);
      throw error;
    });
    return sessionId;
  }

  /** The recorder's `seq`-th chunk, handed to the session's worker. */
  addChunk(userId: number, sessionId: number, seq: number, chunk: Buffer): Promise<{ received: number; heardSeconds: number }> {
    return this.deps.sessions.sendChunk(userId, sessionId, seq, chunk);
  }

  /**
   * Stop was pressed after `chunkCount` chunks: the transcript from the worker, charged to the audio
   * budget, checked against the month with its audio and counted, then answered. A turn the plan does
   * not include (a mock interview's answer, practice) is refused first (403), and the recording is
   * dropped without being finished (issue 36, 4). The recording is the one the session was opened as
   * (the worker says which, and the hash of its bytes), never the id the finish names (issue 36); a
   * finished session is gone from its worker, so it ends once.
   */
  async finish(
    userId: number,
    sessionId: number,
    request: FinishVoiceSessionRequest,
    options: { signal: AbortSignal; inParts: boolean },
  ): Promise<FinishedSession> {
    const { turns, jobs } = this.deps;
    const { chunkCount, conversationHistory, context, threadId, snippetId, resumeBullet, mockInterview } = request;
    const { signal } = options;
    // The turn's timeline from Stop, stage by stage: a metric, and spans of the turn's trace.
    const timeline = new StageTimeline(voiceTurnStageDuration, 'live', 'voice turn');
    const settings = await turns.settingsOf(userId);
    try {
      requirePlanFor(settings, { context, snippetId, mockInterviewId: mockInterview?.id });
    } catch (error) {
      await this.cancel(userId, sessionId, request.recordingId).catch(() => undefined);
      throw error;
    }
    const vocabulary = await turns.vocabularyOf(userId, snippetId, mockInterview?.id).catch(async (error: unknown) => {
      // Another person's snippet: the recording is dropped, and nothing of it is transcribed.
      await this.cancel(userId, sessionId, request.recordingId).catch(() => undefined);
      throw error;
    });
    const job = (jobId: string) => ({ jobId, userId, chunkCount, ...(vocabulary ? { vocabulary } : {}) });
    return turns.hold(userId, async (): Promise<FinishedSession> => {
      timeline.mark('prepared');
      const heard = await jobs.runOnce(speechSessionSubject(String(sessionId), 'finish'), job, { userId, signal });
      timeline.mark('recognised');
      if (heard.type !== 'transcribed') throw new Error(`a session's finish answered ${heard.type}`);
      const { audioSha256 } = heard;
      // A worker from before issue 36 does not say what it heard: a 500 then, and the web app sends the recording whole.
      if (audioSha256 === undefined) throw new Error('a session’s finish did not tell the hash of its audio');
      const recordingId = heard.recordingId ?? sessionRecordingId(sessionId);
      await turns.charge(userId, heard);
      // Opened under an id counted a moment ago, it was let in before its audio was known: only that very audio passes now.
      // A finish that fails keeps the recording's hold: the web app sends it whole next, under the same id.
      await turns.admit(userId, recordingId, settings, audioSha256);
      await turns.meter(userId, recordingId, heard, audioSha256);
      timeline.mark('counted');
      const spoken = { wordTimings: heard.wordTimings, durationSeconds: heard.durationSeconds };
      const mock = mockInterview ? { ...mockInterview, attemptKey: recordingId } : undefined;
      const turn = {
        transcript: heard.transcript,
        conversationHistory,
        context,
        threadId,
        snippetId,
        resumeBullet,
        mockInterview: mock,
        solo: false,
        heard: spoken,
      };
      if (!options.inParts) return { kind: 'whole', turn: await turns.answer(userId, turn, settings, signal, timeline) };
      return { kind: 'parts', ...(await turns.answerInParts(userId, turn, settings, signal, timeline)) };
    });
  }

  /** Ends the session (the person cancelled the recording); its hold on the month's minutes goes too. */
  async cancel(userId: number, sessionId: number, recordingId?: string): Promise<void> {
    await this.deps.sessions.cancel(userId, sessionId);
    await this.deps.turns.release(userId, recordingId ?? sessionRecordingId(sessionId));
  }
}
