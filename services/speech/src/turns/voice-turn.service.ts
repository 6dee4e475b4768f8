import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  SPEECH_MESSAGES,
  SUBJECTS,
  type OpeningRequest,
  type ReplyAudioPart,
  type SpokenOpeningResponse,
  type StreamedTurn,
  type TranscribeResponse,
  type WordTiming,
} from '@story/proto';
import { HttpError } from '@story/service-kit';
import type { ChatReplyClient } from '../nats/chat-reply.client.ts';
import type { SpeechAudioStore } from '../nats/speech-audio.store.ts';
import type { SpeechJobResult, SpeechJobClient } from '../nats/speech-job.client.ts';
import type { SpeechLimitService } from '../nats/speech-limit.service.ts';
import type { SnippetVocabularyClient } from '../nats/snippet-vocabulary.client.ts';
import type { UserSettingsClient, VoiceSettings } from '../nats/user-settings.client.ts';
import type { AudioUpload } from '../transcribe/audio-upload.ts';
import type { MonthlyUsageService } from '../usage/monthly-usage.service.ts';
import { uploadRecordingId } from '../usage/recording-id.ts';
import type { HeardTurn } from './heard-turn.ts';
import { replyParts } from './reply-parts.ts';
import { requirePlanFor, requirePlanForOpening } from './turn-plan.ts';
import { cleanSoloMemo } from './solo-memo.ts';
import { deliveryOf, mockInterviewTurnOf, transcriptWordsOf } from './transcript-words.ts';
import { voiceTurnStageDuration } from '@story/service-kit/telemetry/metrics';
import { StageTimeline } from '@story/service-kit/telemetry/stage-timeline';

export interface VoiceTurnServiceDeps {
  jobs: SpeechJobClient;
  settings: UserSettingsClient;
  chat: ChatReplyClient;
  limits: SpeechLimitService;
  /** The practised snippet's terms, which the recogniser is told to expect. */
  vocabulary: SnippetVocabularyClient;
  /** The monthly minutes of each person's plan (issue 21). */
  usage: MonthlyUsageService;
  clock: () => Date;
  /** The audio store, once NATS is connected. */
  audio: () => SpeechAudioStore;
  log: FastifyBaseLogger;
}

export type { HeardTurn };

/** Whether replies are spoken: AI voice replies in the person's plan, which is its reply type (one setting, issue 39). */
const speaks = (settings: VoiceSettings) => settings.features.voiceReplies;

/** A job's result of the kind expected, else the worker broke the contract (a 500, never a wrong answer). */
function expectResult<T extends SpeechJobResult['type']>(result: SpeechJobResult, type: T): Extract<SpeechJobResult, { type: T }> {
  if (result.type !== type) throw new Error(`speech job answered ${result.type}, expected ${type}`);
  return result as Extract<SpeechJobResult, { type: T }>;
}

/**
 * A spoken turn, put together by the speech front without doing any heavy work itself: the
 * transcript comes from a worker (a file job, or a live recording's finish), the reply from the
 * conversations service, and the spoken reply from a worker when the user's type replies with voice.
 */
export class VoiceTurnService {
  constructor(private readonly deps: VoiceTurnServiceDeps) {}

  settingsOf(userId: number): Promise<VoiceSettings> {
    return this.deps.settings.settingsOf(userId);
  }

  /** Refuses at once (429) while the person's audio budget for the hour is spent. */
  checkAudioBudget(userId: number): Promise<void> {
    return this.deps.limits.checkAudioBudget(userId);
  }

  /**
   * Runs one of the person's voice turns: at most a few at once per person (429 beyond), and the
   * audio it transcribed charged to their hourly budget by its length.
   */
  hold<T>(userId: number, turn: () => Promise<T>): Promise<T> {
    return this.deps.limits.holdTurn(userId, turn);
  }

  /** Charges a transcription's seconds to the person's audio budget. */
  async charge(userId: number, heard: { durationSeconds: number }): Promise<void> {
    await this.deps.limits.chargeAudio(userId, heard.durationSeconds).catch((error: unknown) => {
      this.deps.log.warn({ err: error, userId }, 'could not charge the audio budget');
    });
  }

  /** The vocabulary of the person's practised snippet (none without one); 404 for another person's snippet. */
  vocabularyOf(userId: number, snippetId: number | undefined, mockInterviewId?: number): Promise<string[] | undefined> {
    return this.deps.vocabulary.vocabularyOf(userId, snippetId, mockInterviewId);
  }

  /** Lets a recording start while its owner's month has minutes left (403 when used), or a retry of its audio just counted (MonthlyUsageService). */
  admit(userId: number, recordingId: string, settings: VoiceSettings, audioSha256?: string): Promise<void> {
    return this.deps.usage.admit(userId, recordingId, settings, audioSha256);
  }

  /** Counts a transcribed recording in its owner's month, once per recording id and audio; one in which nothing was heard is not counted. */
  async meter(userId: number, recordingId: string, heard: { transcript: string; durationSeconds: number }, audioSha256: string): Promise<void> {
    if (!heard.transcript.trim()) return;
    await this.deps.usage.count(userId, recordingId, heard.durationSeconds, audioSha256);
  }

  /** Lets go of a recording's hold on the month's minutes (nothing is counted). */
  release(userId: number, recordingId: string): Promise<void> {
    return this.deps.usage.release(userId, recordingId);
  }

  /**
   * An uploaded file (or a recording sent whole), transcribed on a worker, then answered (`signal`: the
   * request ended). Refused before any work when the plan lacks what the turn needs, or when the month
   * is used (unless it retries the audio just counted under its id); counted once per id and audio.
   */
  async fromUpload(userId: number, upload: AudioUpload, signal?: AbortSignal): Promise<TranscribeResponse> {
    const settings = await this.settingsOf(userId);
    requirePlanFor(settings, upload.fields);
    await this.checkAudioBudget(userId);
    const vocabulary = await this.vocabularyOf(userId, upload.fields.snippetId, upload.fields.mockInterviewId);
    const recordingId = upload.fields.recordingId ?? uploadRecordingId(upload.sha256, this.deps.clock());
    await this.admit(userId, recordingId, settings, upload.sha256);
    try {
      return await this.transcribeUpload(userId, recordingId, upload, { settings, vocabulary }, signal);
    } finally {
      // Counted, the hold is gone already; failed, nothing is counted and the minutes are free again.
      await this.release(userId, recordingId);
    }
  }

  private transcribeUpload(
    userId: number,
    recordingId: string,
    upload: AudioUpload,
    { settings, vocabulary }: { settings: VoiceSettings; vocabulary: string[] | undefined },
    signal?: AbortSignal,
  ): Promise<TranscribeResponse> {
    return this.hold(userId, async () => {
      const timeline = new StageTimeline(voiceTurnStageDuration, 'whole', 'voice turn');
      const store = this.deps.audio();
      const audio = await store.putFile(`upload-${randomUUID()}`, upload.path, upload.bytes);
      let heard: SpeechJobResult;
      try {
        const job = (jobId: string) => ({ jobId, audio, extension: upload.kind, maxSeconds: settings.timeLimit, ...(vocabulary ? { vocabulary } : {}) });
        heard = await this.deps.jobs.run(SUBJECTS.speechTranscribe, job, { userId, signal });
      } finally {
        await store.remove(audio);
      }
      const { transcript, durationSeconds, wordTimings } = expectResult(heard, 'transcribed');
      timeline.mark('recognised');
      await Promise.all([this.charge(userId, { durationSeconds }), this.meter(userId, recordingId, { transcript, durationSeconds }, upload.sha256)]);
      timeline.mark('counted');
      const { conversationHistory, context, threadId, snippetId, audioType, resumeId, bulletId, mockInterviewId, mockQuestionIndex, mockPart } = upload.fields;
      const resumeBullet = resumeId !== undefined && bulletId !== undefined ? { resumeId, bulletId } : undefined;
      const mockInterview = mockInterviewTurnOf(mockInterviewId, mockQuestionIndex, mockPart, recordingId);
      return this.answer(
        userId,
        {
          transcript,
          conversationHistory,
          context,
          threadId,
          snippetId,
          resumeBullet,
          mockInterview,
          solo: audioType === 'solo',
          heard: { wordTimings, durationSeconds },
        },
        settings,
        signal,
        timeline,
      );
    });
  }

  /** Replies to what was heard: the coach's words, and their speech when the user's type has voice. */
  async answer(userId: number, turn: HeardTurn, settings: VoiceSettings, signal?: AbortSignal, timeline?: StageTimeline): Promise<TranscribeResponse> {
    const answer = await this.reply(userId, turn);
    timeline?.mark('replied');
    if (!speaks(settings)) return answer;
    const spoken = await this.speak(userId, answer.aiResponse, signal);
    timeline?.mark('speech');
    const audioId = await this.keepReply(userId, spoken.mp3);
    timeline?.mark('kept');
    return { ...answer, audioResponse: spoken.mp3.toString('base64'), ...audioId, wordTimings: spoken.wordTimings };
  }

  /**
   * The same answer with its speech made a piece at a time (see reply-parts.ts): the turn comes with
   * the first piece's audio, and `rest` makes the others, one after another, while it plays.
   */
  async answerInParts(
    userId: number,
    turn: HeardTurn,
    settings: VoiceSettings,
    signal?: AbortSignal,
    timeline?: StageTimeline,
  ): Promise<{ first: StreamedTurn; rest: AsyncGenerator<ReplyAudioPart> }> {
    const answer = await this.reply(userId, turn);
    timeline?.mark('replied');
    const parts = speaks(settings) ? replyParts(answer.aiResponse) : [];
    const [head, ...tail] = parts;
    if (head === undefined) return { first: answer, rest: noParts() };
    const spoken = await this.speak(userId, head, signal);
    timeline?.mark('first-speech');
    // A reply of one piece is kept at once; a longer one when its last piece is made.
    const audioId = tail.length === 0 ? await this.keepReply(userId, spoken.mp3) : {};
    if (tail.length === 0) timeline?.mark('kept');
    const first = { ...answer, audioResponse: spoken.mp3.toString('base64'), ...audioId, wordTimings: spoken.wordTimings, audioParts: parts.length };
    return { first, rest: this.speakRest(userId, tail, spoken, signal) };
  }

  private async *speakRest(
    userId: number,
    parts: readonly string[],
    head: { mp3: Buffer; durationSeconds: number },
    signal?: AbortSignal,
  ): AsyncGenerator<ReplyAudioPart> {
    let offsetSeconds = head.durationSeconds;
    const whole = [head.mp3];
    for (const [i, text] of parts.entries()) {
      const spoken = await this.speak(userId, text, signal);
      const at = (seconds: number) => Math.round((seconds + offsetSeconds) * 1000) / 1000;
      const wordTimings = spoken.wordTimings.map((timing) => ({ word: timing.word, start: at(timing.start), end: at(timing.end) }));
      whole.push(spoken.mp3);
      const audioId = i === parts.length - 1 ? await this.keepReply(userId, Buffer.concat(whole)) : {};
      yield { index: i + 1, audioResponse: spoken.mp3.toString('base64'), wordTimings, offsetSeconds, ...audioId };
      offsetSeconds += spoken.durationSeconds;
    }
  }

  /**
   * The coach's first words of a voice practice, before anyone speaks (issue 19): the interviewer's
   * question, spoken when the person's type replies with voice, as a reply is.
   */
  async opening(userId: number, input: OpeningRequest, signal?: AbortSignal): Promise<SpokenOpeningResponse> {
    const settings = await this.settingsOf(userId);
    requirePlanForOpening(settings, input);
    // A mock interview's interviewer says its current question (issue 23); else the coach's opening.
    const { aiResponse } =
      input.mockInterviewId !== undefined
        ? await this.deps.chat.interviewLine(userId, input.mockInterviewId)
        : await this.deps.chat.opening({ userId, ...input });
    if (!speaks(settings)) return { aiResponse };
    return this.hold(userId, async () => {
      const spoken = await this.speak(userId, aiResponse, signal);
      const audioId = await this.keepReply(userId, spoken.mp3);
      return { aiResponse, audioResponse: spoken.mp3.toString('base64'), ...audioId, wordTimings: spoken.wordTimings };
    });
  }

  /** The coach's reply to the turn (conversations, over NATS), with the transcript it answered. */
  private async reply(userId: number, turn: HeardTurn): Promise<TranscribeResponse> {
    const raw = turn.transcript.trim();
    const transcript = turn.solo ? cleanSoloMemo(raw) : raw;
    if (!transcript) throw new HttpError(422, SPEECH_MESSAGES.noSpeechHeard);
    const delivery = deliveryOf(turn.heard);
    const { aiResponse, answerId } = await this.deps.chat.replyToTurn(userId, turn, transcript, delivery);
    const heard = turn.heard?.wordTimings;
    const transcriptWords = heard && heard.length > 0 ? transcriptWordsOf(transcript, heard, turn.heard?.durationSeconds ?? 0) : undefined;
    return {
      transcript,
      ...(turn.solo ? { rawTranscript: raw } : {}),
      aiResponse,
      ...(answerId ? { answerId } : {}),
      ...(transcriptWords ? { transcriptWords } : {}),
    };
  }

  /**
   * Keeps a reply's whole MP3 for a save to name (issue 20, point 5); a store that fails only costs
   * the reference (the reply still comes, and a save may still send the audio).
   */
  private async keepReply(userId: number, mp3: Buffer): Promise<{ audioId?: string }> {
    try {
      return { audioId: await this.deps.audio().keepReply(userId, mp3) };
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not keep the spoken reply for a save by reference');
      return {};
    }
  }

  /** `text` spoken on a worker: its MP3, when its words are said, and its length. */
  private async speak(userId: number, text: string, signal?: AbortSignal): Promise<{ mp3: Buffer; wordTimings: WordTiming[]; durationSeconds: number }> {
    const spoken = expectResult(await this.deps.jobs.run(SUBJECTS.speechSynthesize, (jobId) => ({ jobId, text }), { userId, signal }), 'synthesized');
    const store = this.deps.audio();
    try {
      return { mp3: await store.get(spoken.audio), wordTimings: spoken.wordTimings, durationSeconds: spoken.durationSeconds };
    } finally {
      await store.remove(spoken.audio);
    }
  }
}

/** The later pieces of a reply without speech: none. */
async function* noParts(): AsyncGenerator<ReplyAudioPart> {}
