import type { Readable, Writable } from 'node:stream';
import { demuxerArgs, type AudioKind } from '../transcribe/audio-format.ts';
import { exitOf, killGroup, spawnGroup, stderrTail } from './child-process.ts';
import { PCM_SAMPLE_RATE } from './pocketsphinx/utterance-cutter.ts';

/** Where the audio comes from: a whole file, or a recording's bytes written as they are made. */
export type PcmSource = { file: string } | 'live';

export interface PcmDecoder {
  /** 16 kHz mono signed 16-bit little-endian PCM. */
  pcm: Readable;
  /** The recording's bytes, for a live source. */
  input: Writable;
  /** Resolves when ffmpeg has read everything and exited cleanly. */
  done: Promise<void>;
  kill(): void;
}

/**
 * ffmpeg turning audio of a known kind (MP3, WAV, M4A/MP4, AAC, webm/opus, ogg/opus) into the PCM
 * the recognisers read. ffmpeg never guesses: it is told the kind's demuxer and allowed no other,
 * nor any protocol but the file or pipe it is given, so no playlist or URL inside the bytes is ever
 * followed. A live source is probed from its first 16 KB so that decoding keeps pace with the
 * recorder instead of waiting for ffmpeg's default 5 MB.
 */
export function startPcmDecoder(source: PcmSource, kind: AudioKind): PcmDecoder {
  const input =
    source === 'live'
      ? ['-probesize', '16384', '-analyzeduration', '0', ...demuxerArgs(kind), '-i', 'pipe:0']
      : ['-nostdin', ...demuxerArgs(kind), '-i', source.file];
  const child = spawnGroup('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    ...input,
    '-vn',
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    '-ac',
    '1',
    '-ar',
    String(PCM_SAMPLE_RATE),
    'pipe:1',
  ]);
  const stderr = stderrTail(child);
  child.stdin.on('error', () => undefined);
  if (source !== 'live') child.stdin.end();
  const done = exitOf(child, 'ffmpeg', stderr);
  done.catch(() => undefined);
  return { pcm: child.stdout, input: child.stdin, done, kill: () => killGroup(child) };
}
