import { speechSessionSubject, type FinishVoiceSessionRequest, type ReplyAudioPart, type StreamedTurn, type TranscribeResponse } from '@story/proto';
import type { SpeechJobClient } from '../nats/speech-job.client.ts';
import type { VoiceTurnService } from '../turns/voice-turn.service.ts';
import type { VoiceSessionClient } from './voice-session.client.ts';

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

  /** A new session on a worker for the recorder's `mimeType`; its id. */
  async open(userId: number, mimeType: string): Promise<string> {
    const { timeLimit } = await this.deps.turns.settingsOf(userId);
    await this.deps.turns.checkAudioBudget(userId);
    return this.deps.sessions.open(userId, mimeType, timeLimit);
  }

  /** The recorder's `seq`-th chunk, handed to the session's worker. */
  addChunk(userId: number, sessionId: number, seq: number, chunk: Buffer): Promise<{ received: number; heardSeconds: number }> {
    return this.deps.sessions.sendChunk(userId, sessionId, seq, chunk);
  }

  /** Stop was pressed after `chunkCount` chunks: the transcript from the worker, charged to the audio budget, then answered. */
  async finish(
    userId: number,
    sessionId: number,
    request: FinishVoiceSessionRequest,
    options: { signal: AbortSignal; inParts: boolean },
  ): Promise<FinishedSession> {
    const { turns, jobs } = this.deps;
    const { chunkCount, conversationHistory, context, threadId, snippetId } = request;
    const { signal } = options;
    const settings = await turns.settingsOf(userId);
    return turns.hold(userId, async (): Promise<FinishedSession> => {
      const heard = await jobs.runOnce(speechSessionSubject(String(sessionId), 'finish'), (jobId) => ({ jobId, userId, chunkCount }), { userId, signal });
      if (heard.type !== 'transcribed') throw new Error(`a session's finish answered ${heard.type}`);
      await turns.charge(userId, heard);
      const spoken = { wordTimings: heard.wordTimings, durationSeconds: heard.durationSeconds };
      const turn = { transcript: heard.transcript, conversationHistory, context, threadId, snippetId, solo: false, heard: spoken };
      if (!options.inParts) return { kind: 'whole', turn: await turns.answer(userId, turn, settings, signal) };
      return { kind: 'parts', ...(await turns.answerInParts(userId, turn, settings, signal)) };
    });
  }

  /** Ends the session (the person cancelled the recording). */
  cancel(userId: number, sessionId: number): Promise<void> {
    return this.deps.sessions.cancel(userId, sessionId);
  }
}
