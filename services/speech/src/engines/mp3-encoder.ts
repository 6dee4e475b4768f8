import { runProgram } from './child-process.ts';

/**
 * MP3 of a WAV file by Debian's `lame`: mono, 64 kbit/s, plenty for a voice (a 10 s reply is 80 KB).
 * Without lame's Info frame (`-t`): a reply spoken in pieces is their MP3s one after another, and an
 * Info frame at its start would give players the first piece's length as the whole one's.
 */
export async function encodeMp3(wavPath: string, timeoutMs: number): Promise<Buffer> {
  return runProgram('lame', ['--silent', '-t', '-m', 'm', '-b', '64', wavPath, '-'], { timeoutMs });
}

/** The length in seconds of a RIFF WAV file's PCM data (festival writes plain 16-bit PCM). */
export function wavDurationSeconds(wav: Buffer): number {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF') return 0;
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') byteRate = wav.readUInt32LE(offset + 16);
    if (id === 'data') return byteRate > 0 ? Math.min(size, wav.length - offset - 8) / byteRate : 0;
    offset += 8 + size + (size % 2);
  }
  return 0;
}
