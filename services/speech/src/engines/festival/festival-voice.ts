import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { EngineProcessError, killGroup, spawnGroup, stderrTail } from '../child-process.ts';
import type { SpokenWord } from '../word-timings.ts';

/** Debian's `festvox-us-slt-hts`: the voice pocketsphinx understood best (see the README's Performance). */
export const DEFAULT_FESTIVAL_VOICE = 'cmu_us_slt_arctic_hts';

const END_MARK = '__STORY_SPOKEN__';
const FAIL_MARK = 'SIOD ERROR';
const WORD_LINE = /^W\t(.*)\t([\d.]+)\t([\d.]+)$/;

/** A Scheme string literal of text festival is to speak (already free of `"` and `\`). */
const schemeString = (text: string) => `"${text.replace(/["\\]/g, ' ')}"`;

/**
 * One warm festival process (the voice takes a quarter of a second to load, a sentence a tenth):
 * utterances are spoken one at a time into WAV files, with each word's token, start and end. A
 * process that dies is started again for the next utterance.
 */
export class FestivalVoice {
  private child: ChildProcessWithoutNullStreams | undefined;
  private stderr: () => string = () => '';
  private output = '';
  private waiting: ((output: string) => void) | undefined;
  private failed: ((error: Error) => void) | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly voice: string = DEFAULT_FESTIVAL_VOICE) {}

  /** Speaks `text` into `wavPath`; the words as said. Utterances wait their turn. */
  speak(text: string, wavPath: string, timeoutMs: number): Promise<SpokenWord[]> {
    const turn = this.queue.then(() => this.speakNow(text, wavPath, timeoutMs));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Starts the process and loads the voice ahead of the first reply. */
  async warmUp(timeoutMs: number): Promise<void> {
    const turn = this.queue.then(() => this.command(`(format t "${END_MARK}\\n")\n`, timeoutMs));
    this.queue = turn.catch(() => undefined);
    await turn;
  }

  async close(): Promise<void> {
    if (this.child) killGroup(this.child);
    this.child = undefined;
  }

  private async speakNow(text: string, wavPath: string, timeoutMs: number): Promise<SpokenWord[]> {
    const script = [
      `(set! story_utt (utt.synth (Utterance Text ${schemeString(text)})))`,
      `(utt.save.wave story_utt ${schemeString(wavPath)} 'riff)`,
      `(mapcar (lambda (w) (format t "W\\t%s\\t%s\\t%s\\n" (item.feat w "R:Token.parent.name") (item.feat w "R:SylStructure.daughter1.daughter1.segment_start") (item.feat w "word_end"))) (utt.relation.items story_utt 'Word))`,
      `(format t "${END_MARK}\\n")`,
      '',
    ].join('\n');
    const output = await this.command(script, timeoutMs);
    const words: SpokenWord[] = [];
    for (const line of output.split('\n')) {
      const match = WORD_LINE.exec(line);
      const end = Number(match?.[3]);
      // Folded words ("'s" said with the word before it) have no time of their own.
      if (match && end > 0) words.push({ token: match[1] ?? '', start: Number(match[2]), end });
    }
    return words;
  }

  /** Sends Scheme to the process; its output up to the end mark. */
  private command(script: string, timeoutMs: number): Promise<string> {
    const child = this.ensureStarted();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.restart();
        reject(new EngineProcessError('festival', `no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting = (output) => {
        clearTimeout(timer);
        resolve(output);
      };
      this.failed = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      child.stdin.write(script);
    });
  }

  private ensureStarted(): ChildProcessWithoutNullStreams {
    if (this.child && this.child.exitCode === null) return this.child;
    // stdbuf: festival's output is block-buffered into a pipe; each answer must arrive when it is written.
    const child = spawnGroup('stdbuf', ['-o0', 'festival', '--pipe']);
    this.child = child;
    this.output = '';
    this.stderr = stderrTail(child);
    child.stdin.on('error', () => undefined);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => this.read(text));
    child.once('close', (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.fail(new EngineProcessError('festival', `exited with ${signal ?? `code ${code}`}: ${this.stderr()}`));
    });
    child.once('error', (error) => this.fail(new EngineProcessError('festival', error.message)));
    child.stdin.write(`(voice_${this.voice})\n`);
    return child;
  }

  private read(text: string): void {
    this.output += text;
    if (this.output.includes(FAIL_MARK)) {
      const message = this.output.slice(this.output.indexOf(FAIL_MARK)).split('\n')[0] ?? FAIL_MARK;
      this.restart();
      this.fail(new EngineProcessError('festival', message));
      return;
    }
    const end = this.output.indexOf(END_MARK);
    if (end < 0) return;
    const answer = this.output.slice(0, end);
    this.output = this.output.slice(end + END_MARK.length).replace(/^\n/, '');
    const resolve = this.waiting;
    this.waiting = undefined;
    this.failed = undefined;
    resolve?.(answer);
  }

  private fail(error: Error): void {
    const reject = this.failed;
    this.waiting = undefined;
    this.failed = undefined;
    reject?.(error);
  }

  private restart(): void {
    if (this.child) killGroup(this.child);
    this.child = undefined;
  }
}
