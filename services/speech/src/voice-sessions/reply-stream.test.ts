import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SPEECH_MESSAGES, replyStreamLineSchema, streamedTurnSchema, type ReplyAudioPart } from '@story/proto';
import { replyStreamLines, wantsReplyStream } from './reply-stream.ts';

const warnings: string[] = [];
const log: FastifyBaseLogger = {
  level: 'warn',
  fatal: () => undefined,
  error: () => undefined,
  warn: (_fields: unknown, message?: string) => void warnings.push(message ?? ''),
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => log,
};
const turn = {
  transcript: 'we shipped it',
  aiResponse: 'Good. What did you do?',
  audioResponse: 'AAAA',
  wordTimings: [{ word: 'Good.', start: 0, end: 0.4 }],
  audioParts: 2,
  extra: 'dropped',
};
const part: ReplyAudioPart = { index: 1, audioResponse: 'BBBB', wordTimings: [{ word: 'What', start: 0.6, end: 0.8 }], offsetSeconds: 0.5 };

async function linesOf(rest: AsyncGenerator<ReplyAudioPart>): Promise<unknown[]> {
  const lines: unknown[] = [];
  for await (const line of replyStreamLines(turn, rest, log)) {
    expect(line.endsWith('\n')).toBe(true);
    lines.push(JSON.parse(line));
  }
  return lines;
}

describe('the streamed answer of a live recording', () => {
  it('is the turn (checked, unknown fields dropped), then each piece of audio, one JSON object per line', async () => {
    const lines = await linesOf(
      (async function* () {
        yield part;
      })(),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual(streamedTurnSchema.parse(turn));
    expect(lines[0]).not.toHaveProperty('extra');
    expect(replyStreamLineSchema.parse(lines[1])).toEqual({ audioPart: part });
  });

  it('ends with the reason when a later piece cannot be made, keeping what came before', async () => {
    const lines = await linesOf(
      (async function* () {
        yield part;
        throw new Error('worker lost');
      })(),
    );
    expect(lines.slice(1)).toEqual([{ audioPart: part }, { message: SPEECH_MESSAGES.replyAudioIncomplete }]);
    expect(warnings).toEqual(['a piece of a spoken reply could not be made']);
  });

  it('is sent only to a caller that accepts it', () => {
    expect(wantsReplyStream('application/x-ndjson, application/json')).toBe(true);
    expect(wantsReplyStream('application/json; q=1, application/x-ndjson;q=0.9')).toBe(true);
    for (const accept of [undefined, '', '*/*', 'application/json', 'application/x-ndjsonx']) expect(wantsReplyStream(accept), String(accept)).toBe(false);
  });
});
