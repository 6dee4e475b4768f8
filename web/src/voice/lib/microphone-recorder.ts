import { RECORDING_MIME_TYPES } from '@story/proto';

/** Spec section 9: a chunk every second, 128 kbit/s, mono with echo cancellation and noise suppression. */
export const CHUNK_MS = 1000;
const AUDIO_BITS_PER_SECOND = 128_000;

/** The microphone could not be had (no device, permission refused). */
export class MicrophoneUnavailable extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'MicrophoneUnavailable';
  }
}

/** The first of the specification's formats this browser records, or '' for its default. */
export function preferredMimeType(isSupported: (type: string) => boolean): string {
  return RECORDING_MIME_TYPES.find((type) => isSupported(type)) ?? '';
}

/**
 * The microphone and a MediaRecorder on it: chunks every second, pause and resume, and an
 * AnalyserNode for the waveform. `release()` gives the microphone back (its light goes out).
 */
export class MicrophoneRecorder {
  readonly mimeType: string;
  readonly analyser: AnalyserNode | null;
  private readonly recorder: MediaRecorder;
  private readonly chunks: Blob[] = [];
  private readonly audioContext: AudioContext | null;

  private constructor(private readonly stream: MediaStream) {
    this.mimeType = preferredMimeType((type) => MediaRecorder.isTypeSupported(type));
    this.recorder = new MediaRecorder(stream, { ...(this.mimeType ? { mimeType: this.mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
    this.audioContext = typeof AudioContext === 'undefined' ? null : new AudioContext();
    this.analyser = this.audioContext?.createAnalyser() ?? null;
    if (this.audioContext && this.analyser) {
      this.analyser.fftSize = 256;
      this.audioContext.createMediaStreamSource(stream).connect(this.analyser);
      // A context made outside a click starts suspended; the waveform would stay flat.
      void this.audioContext.resume().catch(() => undefined);
    }
  }

  /** Asks for the microphone; MicrophoneUnavailable when it cannot be had. */
  static async open(): Promise<MicrophoneRecorder> {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      throw new MicrophoneUnavailable(error);
    }
    try {
      return new MicrophoneRecorder(stream);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error;
    }
  }

  /** Starts recording; each second's chunk goes to `onChunk`, a recorder failure to `onError`. */
  start(onChunk: (chunk: Blob) => void, onError: (reason: string) => void): void {
    this.recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      this.chunks.push(event.data);
      onChunk(event.data);
    };
    this.recorder.onerror = (event) => onError(event instanceof ErrorEvent ? event.message : 'the recorder stopped');
    this.recorder.start(CHUNK_MS);
  }

  pause(): void {
    if (this.recorder.state === 'recording') this.recorder.pause();
  }

  resume(): void {
    if (this.recorder.state === 'paused') this.recorder.resume();
  }

  /** Stops recording; resolves with every chunk once the last one has come. */
  stop(): Promise<Blob[]> {
    return new Promise((resolve, reject) => {
      if (this.recorder.state === 'inactive') return resolve([...this.chunks]);
      this.recorder.onstop = () => resolve([...this.chunks]);
      try {
        this.recorder.stop();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Gives the microphone back and ends the waveform's audio graph. */
  release(): void {
    if (this.recorder.state !== 'inactive') {
      this.recorder.ondataavailable = null;
      this.recorder.onstop = null;
      this.recorder.stop();
    }
    for (const track of this.stream.getTracks()) track.stop();
    void this.audioContext?.close().catch(() => undefined);
  }
}
