import type { WordTiming } from '@story/proto';

/** What was heard in a recording, how long the recording is, and when each word was said (seconds from its start). */
export interface Transcription {
  text: string;
  durationSeconds: number;
  wordTimings: WordTiming[];
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

/** A recording transcribed while it is made: the recorder's bytes go in as they come. */
export interface LiveTranscription {
  /** Takes the recorder's next bytes (in order). Rejects once the recording is refused or broken. */
  write(chunk: Buffer): Promise<void>;
  /** Seconds of audio decoded so far. */
  readonly heardSeconds: number;
  /** No more bytes: the transcript of the whole recording. */
  finish(): Promise<Transcription>;
  /** Stops and forgets the recording. */
  abort(): void;
}

/** Speech to text. `limitSeconds`: the user's time limit; longer audio is refused (AudioTooLongError). */
export interface SpeechToText {
  readonly name: string;
  transcribeFile(path: string, limitSeconds: number): Promise<Transcription>;
  openLive(limitSeconds: number): LiveTranscription;
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
