/**
 * From an answer to its feedback in the client's hands (issue 20, 3): a typed answer through
 * conversations, the outbox, a real nats-server and the feedback service's durable consumer, then
 * the web app's own code waiting for the feedback, measured from the reply. Before: the looks at
 * growing pauses (`followAnswerFeedback`, GET /api/feedback/{answerId}). After: the push
 * (`watchAnswerFeedback`, GET /api/feedback/{answerId}/events). Turns alternate between the two;
 * the ratio is push over polling in the same run.
 *
 *   node --import tsx bench/feedback-arrival.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { answerFeedbackSchema, type AnswerFeedback } from '@story/proto';
import { readAnswerPairs } from '../services/feedback/src/evaluation/ranking-evaluation.ts';
import {
  followAnswerFeedback,
  watchAnswerFeedback,
  type FeedbackEventSource,
  type FeedbackState,
} from '../web/src/features/feedback/hooks/use-answer-feedback.ts';
import { startFeedbackStack } from './feedback-stack.ts';
import { timing, type Timing } from './latency-figures.ts';

const TURNS = 40;

export interface FeedbackArrivalBenchResult {
  polling: Timing;
  push: Timing;
  ratio: number;
}

/** A minimal EventSource over fetch (Node 20 has none): named events, and CLOSED with an error when the stream cannot be opened. */
function fetchEventSource(url: string, headers: Record<string, string>): FeedbackEventSource {
  const listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  const controller = new AbortController();
  const source = {
    readyState: 0,
    addEventListener: (type: string, listener: (event: MessageEvent<string>) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    close: () => {
      source.readyState = 2;
      controller.abort();
    },
  };
  const emit = (type: string, data = '') => {
    for (const listener of listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  };
  void (async () => {
    const response = await fetch(url, { headers, signal: controller.signal });
    if (response.status !== 200 || !response.body) {
      source.readyState = 2;
      return emit('error');
    }
    source.readyState = 1;
    const decoder = new TextDecoder();
    let buffered = '';
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffered += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) emit(event, data);
      }
    }
  })().catch(() => {
    if (source.readyState === 2) return;
    source.readyState = 2;
    emit('error');
  });
  return source;
}

/** Runs the measurement, prints it and returns the figures. */
export async function runFeedbackArrivalBench(log: (line: string) => void = console.log): Promise<FeedbackArrivalBenchResult> {
  const { conversationsUrl, feedbackUrl, headers, close } = await startFeedbackStack('feedback-arrival-bench');
  try {
    const fetchFeedback = async (answerId: string): Promise<AnswerFeedback | null> => {
      const response = await fetch(`${feedbackUrl}/api/feedback/${answerId}`, { headers });
      return response.status === 200 ? answerFeedbackSchema.parse(await response.json()) : null;
    };
    const open = (url: string) => fetchEventSource(`${feedbackUrl}${url}`, headers);

    const answers = readAnswerPairs().map((pair) => ({ question: pair.question, text: pair.stronger, context: pair.requirements }));
    const waits = { polling: [] as number[], push: [] as number[] };
    for (let turn = 0; turn < TURNS; turn++) {
      const answer = answers[turn % answers.length];
      if (!answer) continue;
      const response = await fetch(`${conversationsUrl}/api/process-text`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: answer.text, conversationHistory: [{ role: 'assistant', content: answer.question }], context: answer.context }),
      });
      const body = (await response.json()) as { answerId?: string; message?: string };
      const replied = performance.now();
      const answerId = body.answerId;
      if (!answerId) throw new Error(`no answer id in the reply (${response.status} ${body.message ?? ''})`);
      const way = turn % 2 === 0 ? 'polling' : 'push';
      const settled = await new Promise<FeedbackState>((resolve) => {
        if (way === 'polling') followAnswerFeedback(answerId, resolve, fetchFeedback);
        else watchAnswerFeedback(answerId, resolve, { open, poll: (id, settled) => followAnswerFeedback(id, settled, fetchFeedback) });
      });
      if (settled.status !== 'ready') throw new Error(`no feedback for ${answerId} (${way})`);
      waits[way].push(performance.now() - replied);
    }
    const polling = timing(waits.polling, 1);
    const push = timing(waits.push, 1);
    const ratio = Math.round((push.p50 / polling.p50) * 100) / 100;
    log(
      `from the reply to its feedback in the client's hands, ${TURNS / 2} turns each: before (looks at growing pauses) p50 ${polling.p50} ms, p99 ${polling.p99} ms; after (pushed by server-sent events) p50 ${push.p50} ms, p99 ${push.p99} ms; ratio push/polling ${ratio}`,
    );
    return { polling, push, ratio };
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runFeedbackArrivalBench();
