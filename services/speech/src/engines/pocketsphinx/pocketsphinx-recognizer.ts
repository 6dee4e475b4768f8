import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WordTiming } from '@story/proto';
import { drained, exitOf, killGroup, spawnGroup, stderrTail } from '../child-process.ts';
import { acousticModelWithoutCmninit } from './acoustic-model.ts';
import { cmninitArg } from './cepstral-mean.ts';
import { warpArgs } from './frequency-warp.ts';
import type { WordEvidence } from './word-confidence.ts';

const PROGRAM = 'pocketsphinx_continuous';

/** Where Debian's `pocketsphinx-en-us` puts the US English model. */
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** What pocketsphinx recognises with: the acoustic model and dictionary of `modelDir`, and a language model. */
export interface RecognizerModel {
  /** pocketsphinx's US English model (Debian: /usr/share/pocketsphinx/model/en-us). */
  modelDir: string;
  /** An n-gram language model (ARPA or sphinx binary); unset: the generic one in `modelDir`. */
  languageModel?: string;
  /** A pronunciation dictionary; unset: `modelDir`'s CMU dictionary. */
  dictionary?: string;
  /**
   * Extra decoder settings (`-lw 9`), for measuring them; unset, pocketsphinx's defaults. On the
   * tuning recordings with the career model, `-lw 9` made 21.7 % word errors against the defaults'
   * 12.6 %, and longer `-vad_prespeech` / `-vad_postspeech` or `-vad_threshold 3` changed nothing.
   */
  decoderArgs?: readonly string[];
}

/**
 * pocketsphinx's arguments for `model`, reading raw 16 kHz PCM from standard input, with each
 * word's times; with `cepstralMean`, the recording's own (cepstral-mean.ts) as the start of its
 * cepstral mean normalisation, instead of the model's; with `warp`, its front end's frequencies
 * warped (frequency-warp.ts).
 */
export function recognizerArgs(model: RecognizerModel, cepstralMean?: readonly number[], warp = 1): string[] {
  const { modelDir } = model;
  const acousticModel = join(modelDir, 'en-us');
  return [
    '-hmm',
    cepstralMean ? acousticModelWithoutCmninit(acousticModel) : acousticModel,
    ...(cepstralMean ? ['-cmninit', cmninitArg(cepstralMean)] : []),
    '-lm',
    model.languageModel ?? join(modelDir, 'en-us.lm.bin'),
    '-dict',
    model.dictionary ?? join(modelDir, 'cmudict-en-us.dict'),
    ...warpArgs(warp),
    ...(model.decoderArgs ?? []),
    '-infile',
    '/dev/stdin',
    '-logfn',
    '/dev/null',
    '-time',
    'yes',
  ];
}

/**
 * The recogniser's own arguments with its word-by-word backtrace (`-backtrace yes`) logged to
 * `logFile`, where each word's acoustic and language-model scores are read (the word confidence
 * rests on them). Any `-logfn`/`-backtrace` already given is replaced: pocketsphinx refuses an
 * argument given twice. (A file, not stderr: pocketsphinx opens its log by name, and Node's stdio
 * are sockets, which cannot be opened so.)
 */
export function withBacktrace(args: readonly string[], logFile: string): string[] {
  const kept: string[] = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] === '-logfn' || args[index] === '-backtrace') index += 1;
    else kept.push(args[index] ?? '');
  }
  return [...kept, '-backtrace', 'yes', '-logfn', logFile];
}

/** A word as pocketsphinx heard it: its times, and what it says of its certainty (see word-confidence.ts). */
export interface HeardWord extends WordTiming {
  evidence: WordEvidence;
}

/** What pocketsphinx heard: the utterances' words, and each word's times in seconds of the PCM it was fed. */
export interface RecognizedSpeech {
  text: string;
  words: HeardWord[];
}

/** A line of `-time yes`: a word (or marker), its start and end in seconds, its posterior probability. */
const TIMED_WORD = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** Markers that are no word: utterance start and end, silence, noises (`[NOISE]`, `++BREATH++`). */
const NOT_A_WORD = /^(?:<\/?s>|<sil>|\[.*\]|\+\+.*\+\+)$/i;

/** A word of `-time yes` with its posterior probability (0 to 1) and the token as pocketsphinx wrote it ("our(2)"). */
export interface TimedWord extends WordTiming {
  posterior: number;
  token: string;
}

/** A timed word of pocketsphinx's output, without its pronunciation variant ("our(2)" is "our"); undefined for markers. */
export function timedWordOf(line: string): TimedWord | 'marker' | undefined {
  const match = TIMED_WORD.exec(line);
  if (!match) return undefined;
  const [, token = '', start = '0', end = '0', posterior = '0'] = match;
  if (NOT_A_WORD.test(token)) return 'marker';
  return { word: token.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end), posterior: Math.min(1, Number(posterior)), token };
}

/** A row of `-backtrace yes`: token, start and end frame, posterior, acoustic score, language-model score, n-gram order used. */
const BACKTRACE_ROW = /^(\S+)\s+(\d+)\s+(\d+)\s+(\d+(?:\.\d+)?)\s+(-?\d+)\s+(-?\d+)\s+(\d+)\s*$/;

/** One word of the backtrace pocketsphinx logs after each utterance. */
export interface BacktraceRow {
  token: string;
  startFrame: number;
  endFrame: number;
  acousticScore: number;
  languageScore: number;
  ngramOrder: number;
}

/** A row of the backtrace table, or undefined for any other line of the log. */
export function backtraceRowOf(line: string): BacktraceRow | undefined {
  const match = BACKTRACE_ROW.exec(line);
  if (!match) return undefined;
  const [, token = '', startFrame = '0', endFrame = '0', , acousticScore = '0', languageScore = '0', ngramOrder = '0'] = match;
  return {
    token,
    startFrame: Number(startFrame),
    endFrame: Number(endFrame),
    acousticScore: Number(acousticScore),
    languageScore: Number(languageScore),
    ngramOrder: Number(ngramOrder),
  };
}

/** Frames a second (pocketsphinx's `-frate`, 100 by default). */
const FRAMES_PER_SECOND = 100;

/** A timed word's evidence: its posterior, and the backtrace's scores for the same token at the same frame when it logged them. */
export function evidenceOf(word: TimedWord, rows: ReadonlyMap<string, BacktraceRow>): WordEvidence {
  const row = rows.get(`${word.token}@${Math.round(word.start * FRAMES_PER_SECOND)}`);
  const frames = row ? row.endFrame - row.startFrame + 1 : Math.max(1, Math.round((word.end - word.start) * FRAMES_PER_SECOND) + 1);
  return {
    word: word.word,
    posterior: word.posterior,
    frames,
    ...(row ? { acousticPerFrame: row.acousticScore / frames, languageScore: row.languageScore, ngramOrder: row.ngramOrder } : {}),
  };
}

/**
 * One pocketsphinx process, kept for a whole recording: it is fed PCM as it comes and prints each
 * utterance when its voice-activity detector ends it, so by the end most of the work is done.
 * (It opens `/dev/stdin` by name, which a Node socket cannot be: `cat` hands it a real pipe.)
 */
export class PocketsphinxRecognizer {
  private readonly child;
  private readonly utterances: string[] = [];
  private readonly words: TimedWord[] = [];
  /** The backtrace's rows by token and start frame ("our(2)@219"). */
  private readonly backtrace = new Map<string, BacktraceRow>();
  private readonly exited: Promise<void>;
  /** pocketsphinx's log, with the backtrace of each utterance: read when it ends, then removed. */
  private readonly logFile = join(tmpdir(), `pocketsphinx-${randomUUID()}.log`);
  private partialLine = '';
  private failure: Error | undefined;

  constructor(model: RecognizerModel, cepstralMean?: readonly number[], warp = 1) {
    this.child = spawnGroup('sh', ['-c', `cat | exec ${PROGRAM} "$@"`, PROGRAM, ...withBacktrace(recognizerArgs(model, cepstralMean, warp), this.logFile)]);
    const stderr = stderrTail(this.child);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (text: string) => this.read(text));
    this.child.stdin.on('error', (error) => {
      this.failure ??= error;
    });
    this.exited = exitOf(this.child, PROGRAM, stderr);
    this.exited.catch((error: unknown) => {
      this.failure ??= error instanceof Error ? error : new Error(String(error));
      void rm(this.logFile, { force: true });
    });
  }

  /** Feeds PCM; resolves when the pipe can take more (so a fast file read does not pile up in memory). */
  async write(pcm: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (pcm.length === 0 || this.child.stdin.write(pcm)) return;
    await drained(this.child.stdin, this.child);
  }

  /** Ends the input and waits for the last utterance; the whole transcript, lower case, and its words' times. */
  async finish(): Promise<RecognizedSpeech> {
    this.child.stdin.end();
    await this.exited;
    this.read('\n');
    this.readLog(await readFile(this.logFile, 'utf8').catch(() => ''));
    await rm(this.logFile, { force: true });
    const words = this.words.map((timed) => ({ word: timed.word, start: timed.start, end: timed.end, evidence: evidenceOf(timed, this.backtrace) }));
    return { text: this.utterances.join(' '), words };
  }

  /** Stops at once (a cancelled or refused recording). */
  abort(): void {
    killGroup(this.child);
    void this.exited.catch(() => undefined).finally(() => rm(this.logFile, { force: true }));
  }

  private read(text: string): void {
    const lines = (this.partialLine + text).split('\n');
    this.partialLine = lines.pop() ?? '';
    for (const line of lines) {
      const words = line.trim();
      const timed = timedWordOf(words);
      if (timed === 'marker') continue;
      if (timed) this.words.push(timed);
      else if (words) this.utterances.push(words);
    }
  }

  private readLog(text: string): void {
    for (const line of text.split('\n')) {
      const row = backtraceRowOf(line.trim());
      if (row) this.backtrace.set(`${row.token}@${row.startFrame}`, row);
    }
  }
}
