import type { HeardWord, WordTiming } from '@story/proto';
import type { StageTime } from '@story/service-kit/telemetry/stage-timeline';
import type { AudioKind } from '../transcribe/audio-format.ts';
import type { WordEvidence } from './pocketsphinx/word-confidence.ts';

/**
 * What was heard in a recording, how long the recording is, and when each word was said (seconds
 * from its start) with the engine's confidence in it.
 */
export interface Transcription {
  text: string;
  durationSeconds: number;
  wordTimings: HeardWord[];
  /** pocketsphinx only: what its confidence in each word rests on, word for word (for its evaluation). */
  evidence?: WordEvidence[] | undefined;
  /** pocketsphinx's own words, when another recogniser wrote the transcript (for the practice's vocabulary: a term may be heard by one and not the other). */
  alternative?: HeardWord[] | undefined;
  /** A live recording's stages after Stop (chunks-in, decode-backlog, each recogniser's tail, merge), for the turn's timeline. */
  stages?: readonly StageTime[] | undefined;
}

/** A recording longer than the user's limit (plus the service's tolerance): refused, the work stopped. */
export class AudioTooLongError extends Error {
  constructor(readonly limitSeconds: number) {
    super(`audio longer than ${limitSeconds} s`);
    this.name = 'AudioTooLongError';
  }
}

/** Bytes no decoder could read as audio. */
export class UnreadableAudioError extends Error {
  constructor(detail: string) {
    super(`unreadable audio: ${detail}`);
    this.name = 'UnreadableAudioError';
  }
}

/** A decode that ran past its deadline (the recording's limit plus a margin): its processes were killed. */
export class DecodeTimeoutError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`decoding ran past its deadline of ${deadlineMs} ms`);
    this.name = 'DecodeTimeoutError';
  }
}

/** Work stopped because the person who asked for it is gone. */
export class WorkCancelledError extends Error {
  constructor() {
    super('cancelled: the request that asked for this work has ended');
    this.name = 'WorkCancelledError';
  }
}

/**
 * How long decoding a recording of at most `maxSeconds` may take, wall clock: a live recording
 * lasts as long as it is spoken, and a file decodes faster than it plays, so the recording's own
 * length plus a margin bounds both. Past it the decoder's whole process group is killed.
 */
export function decodeDeadlineMs(maxSeconds: number, marginSeconds: number): number {
  return Math.round((maxSeconds + marginSeconds) * 1000);
}

/** A recording transcribed while it is made: the recorder's bytes go in as they come. */
export interface LiveTranscription {
  /** Takes the recorder's next bytes (in order). Rejects once the recording is refused or broken. */
  write(chunk: Buffer): Promise<void>;
  /** Seconds of audio decoded so far. */
  readonly heardSeconds: number;
  /** No more bytes: the transcript of the whole recording, expecting the practice's `vocabulary` when given. */
  finish(vocabulary?: readonly string[]): Promise<Transcription>;
  /** Stops and forgets the recording. */
  abort(): void;
}

/**
 * Speech to text. `kind`: what the bytes are (sniffed by the front; the decoder is told, never guesses).
 * `limitSeconds`: the user's time limit; longer audio is refused (AudioTooLongError). `signal`: the
 * person's request ended, so the work stops (WorkCancelledError). `vocabulary`: the practice's terms
 * (the practised snippet's distinctive words), which the engine should expect to hear.
 */
export interface SpeechToText {
  readonly name: string;
  transcribeFile(path: string, kind: AudioKind, limitSeconds: number, signal?: AbortSignal, vocabulary?: readonly string[]): Promise<Transcription>;
  openLive(kind: AudioKind, limitSeconds: number): LiveTranscription;
}

/** A spoken reply: MP3, when each word of the text is said, and its length. */
export interface SpokenAudio {
  mp3: Buffer;
  wordTimings: WordTiming[];
  durationSeconds: number;
}

/** Text to speech. */
export interface TextToSpeech {
  readonly name: string;
  synthesize(text: string): Promise<SpokenAudio>;
  /** Gets ready before the first reply (loads a voice). */
  warmUp(): Promise<void>;
  /** Ends any process the engine keeps warm. */
  close(): Promise<void>;
}
