/**
 * Moonshine Tiny (word-model-files.ts) through onnxruntime-node: 16 kHz PCM in, words out, each with
 * the model's probability for it. Greedy decoding, as its makers' own code does; a word's
 * probability is that of its least likely piece (token), the way Whisper's word log-probabilities
 * are read. One model is loaded per process and shared; each decode uses one thread, since the
 * worker runs pocketsphinx beside it.
 */
import llamaTokenizer from 'llama-tokenizer-js';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import type { WordModelPaths } from './word-model-files.ts';
import { writtenAsTranscript } from './written-words.ts';

/** Moonshine Tiny's decoder: layers, key/value heads, head size; its start and end tokens. */
const LAYERS = 6;
const HEADS = 8;
const HEAD_SIZE = 36;
const START_TOKEN = 1;
const END_TOKEN = 2;
/** At most this many tokens per second of audio (its makers' bound: no speech is faster). */
const TOKENS_PER_SECOND = 6;
const SAMPLE_RATE = 16_000;
/** A word starts with this mark in the tokenizer's pieces. */
const WORD_START = '\u2581';

export interface RecognizedWord {
  /** As the model wrote it (capitals and punctuation kept). */
  text: string;
  /** The least likely of its pieces' probabilities. */
  probability: number;
}

interface LoadedModel {
  ort: typeof import('onnxruntime-node');
  encoder: InferenceSession;
  decoder: InferenceSession;
}

const loaded = new Map<string, Promise<LoadedModel>>();

function load(paths: WordModelPaths): Promise<LoadedModel> {
  const key = `${paths.encoder}\n${paths.decoder}`;
  let model = loaded.get(key);
  if (!model) {
    model = (async () => {
      const ort = await import('onnxruntime-node');
      const options: InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' };
      const [encoder, decoder] = await Promise.all([ort.InferenceSession.create(paths.encoder, options), ort.InferenceSession.create(paths.decoder, options)]);
      return { ort, encoder, decoder };
    })();
    model.catch(() => loaded.delete(key));
    loaded.set(key, model);
  }
  return model;
}

/** 16-bit little-endian PCM as samples between -1 and 1. */
export function pcmToSamples(pcm: Buffer): Float32Array {
  const samples = new Float32Array(Math.floor(pcm.length / 2));
  for (let index = 0; index < samples.length; index++) samples[index] = pcm.readInt16LE(index * 2) / 32_768;
  return samples;
}

/** The chosen token of `logits` and its probability (a softmax over the vocabulary). */
function choose(logits: Float32Array): { token: number; probability: number } {
  let token = 0;
  for (let index = 1; index < logits.length; index++) if ((logits[index] ?? 0) > (logits[token] ?? 0)) token = index;
  const top = logits[token] ?? 0;
  let sum = 0;
  for (const value of logits) sum += Math.exp(value - top);
  return { token, probability: 1 / sum };
}

/** The pieces that carry a letter or digit (not a word's punctuation). */
const spoken = <Piece extends { token: number }>(group: readonly Piece[]): Piece[] =>
  group.filter((piece) => /[\p{L}\p{N}]/u.test(llamaTokenizer.vocabById[piece.token] ?? ''));

/** Tokens to words: a word is the pieces from one that starts a word to the next. */
export function tokensToWords(tokens: readonly { token: number; probability: number }[]): RecognizedWord[] {
  const groups: { token: number; probability: number }[][] = [];
  for (const piece of tokens) {
    const starts = (llamaTokenizer.vocabById[piece.token] ?? '').startsWith(WORD_START);
    const last = groups.at(-1);
    if (starts || !last) groups.push([piece]);
    else last.push(piece);
  }
  return groups
    .map((group) => ({
      text: llamaTokenizer
        .decode(
          group.map((piece) => piece.token),
          false,
          true,
        )
        .trim(),
      probability: Math.min(...(spoken(group).length > 0 ? spoken(group) : group).map((piece) => piece.probability)),
    }))
    .filter((word) => word.text.length > 0);
}

export class MoonshineRecognizer {
  constructor(private readonly paths: WordModelPaths) {}

  /** Loads the model now (else the first recognition does). */
  async ready(): Promise<void> {
    await load(this.paths);
  }

  /** The words in `pcm` (16 kHz mono 16-bit); nothing for under a tenth of a second. */
  async recognize(pcm: Buffer): Promise<RecognizedWord[]> {
    const samples = pcmToSamples(pcm);
    if (samples.length < SAMPLE_RATE / 10) return [];
    const { ort, encoder, decoder } = await load(this.paths);
    const encoded = await encoder.run({ input_values: new ort.Tensor('float32', samples, [1, samples.length]) });
    const hidden = encoded.last_hidden_state as Tensor;
    let past: Record<string, Tensor> = {};
    for (let layer = 0; layer < LAYERS; layer++)
      for (const side of ['decoder', 'encoder'])
        for (const part of ['key', 'value'])
          past[`past_key_values.${layer}.${side}.${part}`] = new ort.Tensor('float32', new Float32Array(0), [0, HEADS, 1, HEAD_SIZE]);
    const chosen: { token: number; probability: number }[] = [];
    let input = START_TOKEN;
    const most = Math.trunc((samples.length / SAMPLE_RATE) * TOKENS_PER_SECOND);
    for (let step = 0; step < most; step++) {
      const output = await decoder.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(input)]), [1, 1]),
        encoder_hidden_states: hidden,
        use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
        ...past,
      });
      const next = choose((output.logits as Tensor).data as Float32Array);
      if (next.token === END_TOKEN) break;
      chosen.push(next);
      input = next.token;
      // The encoder's keys and values are computed on the first step and kept; the decoder's grow.
      const present = Object.entries(output).filter(([name]) => name.startsWith('present'));
      const updated: Record<string, Tensor> = {};
      for (const [name, value] of present) {
        const pastName = name.replace('present', 'past_key_values');
        updated[pastName] = step > 0 && pastName.includes('.encoder.') ? (past[pastName] as Tensor) : (value as Tensor);
      }
      past = updated;
    }
    return writtenAsTranscript(tokensToWords(chosen));
  }
}
