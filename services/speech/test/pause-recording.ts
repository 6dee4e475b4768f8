/**
 * Test support: two sentences (flite's `rms` voice) with 3 s of silence between them, as 16 kHz
 * mono WAV. The utterance cutter cuts in the silence, so word times must be the recording's, not
 * the recogniser's (which has silence put in at each cut).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export function pauseRecording(dir: string): { wav: string; firstPartSeconds: number } {
  const one = join(dir, 'one.wav');
  const two = join(dir, 'two.wav');
  const wav = join(dir, 'pause.wav');
  execFileSync('flite', ['-voice', 'rms', '-t', 'I led the migration of our database.', '-o', one]);
  execFileSync('flite', ['-voice', 'rms', '-t', 'It took six weeks.', '-o', two]);
  const firstPartSeconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', one]).toString());
  const filter = '[0:a]aresample=16000[a];[1:a]aresample=16000[b];[2:a]aresample=16000[c];[a][b][c]concat=n=3:v=0:a=1';
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    one,
    '-f',
    'lavfi',
    '-t',
    '3',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-i',
    two,
    '-filter_complex',
    filter,
    '-ar',
    '16000',
    '-ac',
    '1',
    wav,
  ]);
  return { wav, firstPartSeconds };
}
