import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { REPLY_STREAM_CONTENT_TYPE, SPEECH_MESSAGES, streamedTurnSchema, type ReplyAudioPart, type ReplyStreamLine, type StreamedTurn } from '@story/proto';

/** Whether the caller reads the answer as it is made (the web app's recorder does; `curl` and older clients get one JSON body). */
export function wantsReplyStream(accept: string | undefined): boolean {
  return accept?.split(',').some((type) => type.trim().split(';')[0] === REPLY_STREAM_CONTENT_TYPE) ?? false;
}

/** The lines of a streamed answer: the turn with its first piece of speech, then each later piece, or why the rest will not come. */
export async function* replyStreamLines(first: StreamedTurn, rest: AsyncGenerator<ReplyAudioPart>, log: FastifyBaseLogger): AsyncGenerator<string> {
  yield `${JSON.stringify(streamedTurnSchema.parse(first))}\n`;
  try {
    for await (const audioPart of rest) yield `${JSON.stringify({ audioPart } satisfies ReplyStreamLine)}\n`;
  } catch (error) {
    log.warn({ err: error }, 'a piece of a spoken reply could not be made');
    yield `${JSON.stringify({ message: SPEECH_MESSAGES.replyAudioIncomplete } satisfies ReplyStreamLine)}\n`;
  }
}

/** The body of a streamed answer (one JSON object per line), for Fastify to send as it is made. */
export function replyStream(first: StreamedTurn, rest: AsyncGenerator<ReplyAudioPart>, log: FastifyBaseLogger): Readable {
  return Readable.from(replyStreamLines(first, rest, log));
}
