import { join } from 'node:path';
import type { WordTiming } from '@story/proto';
import { drained, exitOf, killGroup, spawnGroup, stderrTail } from '../child-process.ts';

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

/** pocketsphinx's arguments for `model`, reading raw 16 kHz PCM from standard input, with each word's times. */
export function recognizerArgs(model: RecognizerModel): string[] {
  const { modelDir } = model;
  return [
    '-hmm', join(modelDir, 'en-us'),
    '-lm', model.languageModel ?? join(modelDir, 'en-us.lm.bin'),
    '-dict', model.dictionary ?? join(modelDir, 'cmudict-en-us.dict'),
    ...(model.decoderArgs ?? []),
    '-infile', '/dev/stdin', '-logfn', '/dev/null', '-time', 'yes',
  ];
}

/** What pocketsphinx heard: the utterances' words, and each word's times in seconds of the PCM it was fed. */
export interface RecognizedSpeech {
  text: string;
  words: WordTiming[];
}

/** A line of `-time yes`: a word (or marker), its start and end in seconds, its confidence. */
const TIMED_WORD = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** Markers that are no word: utterance start and end, silence, noises (`[NOISE]`, `++BREATH++`). */
const NOT_A_WORD = /^(?:<\/?s>|<sil>|\[.*\]|\+\+.*\+\+)$/i;

/** A timed word of pocketsphinx's output, without its pronunciation variant ("our(2)" is "our"); undefined for markers. */
export function timedWordOf(line: string): WordTiming | 'marker' | undefined {
  const match = TIMED_WORD.exec(line);
  if (!match) return undefined;
  const [, token = '', start = '0', end = '0'] = match;
  if (NOT_A_WORD.test(token)) return 'marker';
  return { word: token.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end) };
}

/**
 * One pocketsphinx process, kept for a whole recording: it is fed PCM as it comes and prints each
 * utterance when its voice-activity detector ends it, so by the end most of the work is done.
 * (It opens `/dev/stdin` by name, which a Node socket cannot be: `cat` hands it a real pipe.)
 */
export class PocketsphinxRecognizer {
  private readonly child;
  private readonly utterances: string[] = [];
  private readonly words: WordTiming[] = [];
  private readonly exited: Promise<void>;
  private partialLine = '';
  private failure: Error | undefined;

  constructor(model: RecognizerModel) {
    this.child = spawnGroup('sh', ['-c', `cat | exec ${PROGRAM} "$@"`, PROGRAM, ...recognizerArgs(model)]);
    const stderr = stderrTail(this.child);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (text: string) => this.read(text));
    this.child.stdin.on('error', (error) => {
      this.failure ??= error;
    });
    this.exited = exitOf(this.child, PROGRAM, stderr);
    this.exited.catch((error: unknown) => {
      this.failure ??= error instanceof Error ? error : new Error(String(error));
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
    return { text: this.utterances.join(' '), words: this.words };
  }

  /** Stops at once (a cancelled or refused recording). */
  abort(): void {
    killGroup(this.child);
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
}
