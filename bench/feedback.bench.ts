/**
 * Feedback service benchmark. (1) The evaluation set: how often each engine scores the stronger
 * answer of a hand-written pair higher (the OpenAI engine only with OPENAI_API_KEY). (2) The offline
 * scorer's time per answer over the set's answers, against the offline coach's reply to the same
 * answer (the reference: the work a turn already does). (3) From the reply to its feedback: a typed
 * answer through conversations, the outbox, a real nats-server and the feedback service's durable
 * consumer, until `GET /api/feedback/{answerId}` answers, against the reply's own time.
 *
 *   node --import tsx bench/feedback.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { OfflineCoachModel } from '../services/conversations/src/chat/offline-coach/offline-coach.model.ts';
import { createFeedbackEngines } from '../services/feedback/src/engines/feedback-engine.factory.ts';
import { OfflineFeedbackEngine } from '../services/feedback/src/engines/offline/offline-feedback.engine.ts';
import { rankPairs, readAnswerPairs, type RankingFigures } from '../services/feedback/src/evaluation/ranking-evaluation.ts';
import { startFeedbackStack } from './feedback-stack.ts';
import { timing, type Timing } from './latency-figures.ts';

const SCORER_ROUNDS = 20;
const TURNS = 60;

const share = (figures: RankingFigures) => `${figures.rankedRight}/${figures.pairs} (${Math.round(figures.share * 100)}%)`;

export interface FeedbackBenchResult {
  offline: RankingFigures;
  openai: RankingFigures | undefined;
  scorer: { firstReading: Timing; perAnswer: Timing; coachReply: Timing; ratio: number };
  replyToFeedback: { reply: Timing; feedbackReady: Timing };
}

/** The evaluation set's figures for each engine. */
async function evaluation(log: (line: string) => void): Promise<{ offline: RankingFigures; openai: RankingFigures | undefined }> {
  const offline = await rankPairs(new OfflineFeedbackEngine());
  const byWeakness = Object.entries(offline.byWeakness).map(([weakness, entry]) => `${weakness} ${entry.rankedRight}/${entry.pairs}`);
  log(`evaluation set, offline scorer: stronger answer ranked higher in ${share(offline)} (goal ≥ 90%); ${byWeakness.join(', ')}`);
  for (const miss of offline.misses) log(`  missed ${miss.pair.id} (${miss.pair.weakness}): ${miss.stronger} vs ${miss.weaker}`);
  const key = process.env.OPENAI_API_KEY;
  if (!key) {
    log('evaluation set, openai engine: not measured (set OPENAI_API_KEY, and OPENAI_BASE_URL for a compatible server)');
    return { offline, openai: undefined };
  }
  const { engine } = createFeedbackEngines({
    FEEDBACK_ENGINE: 'openai',
    OPENAI_API_KEY: key,
    OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
    OPENAI_CHAT_MODEL: process.env.OPENAI_CHAT_MODEL ?? 'gpt-4o-mini',
    FEEDBACK_TIMEOUT_MS: 60_000,
  });
  const openai = await rankPairs(engine);
  log(`evaluation set, openai engine: stronger answer ranked higher in ${share(openai)}`);
  return { offline, openai };
}

/** The offline scorer per answer against the offline coach's reply to it. */
async function scorerSpeed(log: (line: string) => void): Promise<FeedbackBenchResult['scorer']> {
  const answers = readAnswerPairs().flatMap((pair) =>
    [pair.stronger, pair.weaker].map((answer) => ({ question: pair.question, answer, requirements: pair.requirements })),
  );
  const scorer = new OfflineFeedbackEngine();
  const coach = new OfflineCoachModel();
  const first: number[] = [];
  const scored: number[] = [];
  const replied: number[] = [];
  for (let round = 0; round < SCORER_ROUNDS; round++) {
    for (const input of answers) {
      let started = performance.now();
      scorer.assessNow(input);
      (round > 0 ? scored : first).push(performance.now() - started);
      started = performance.now();
      await coach.reply({ text: input.answer, history: [{ role: 'assistant', content: input.question }], context: input.requirements });
      if (round > 0) replied.push(performance.now() - started);
    }
  }
  // The first reading of each answer is the one that counts in use (each answer is scored once); the
  // repeated ones read clauses the shared story signals remember, as the coach's reply does.
  const firstReading = timing(first, 3);
  const perAnswer = timing(scored, 3);
  const coachReply = timing(replied, 3);
  const ratio = Math.round((perAnswer.p50 / coachReply.p50) * 100) / 100;
  log(
    `offline scorer, ${answers.length} answers: first reading p50 ${firstReading.p50} ms, p99 ${firstReading.p99} ms; read again (× ${SCORER_ROUNDS - 1}) p50 ${perAnswer.p50} ms, p99 ${perAnswer.p99} ms; the offline coach's reply to the same answer (reference, read again) p50 ${coachReply.p50} ms; ratio ${ratio}`,
  );
  return { firstReading, perAnswer, coachReply, ratio };
}

/** A typed answer's reply, then the wait until its feedback is served, through a real nats-server. */
async function replyToFeedback(log: (line: string) => void): Promise<FeedbackBenchResult['replyToFeedback']> {
  const { conversationsUrl, feedbackUrl, headers, close } = await startFeedbackStack('feedback-bench');
  try {
    const answers = readAnswerPairs().map((pair) => ({ question: pair.question, text: pair.stronger, context: pair.requirements }));
    const replies: number[] = [];
    const waits: number[] = [];
    for (let turn = 0; turn < TURNS; turn++) {
      const answer = answers[turn % answers.length];
      if (!answer) continue;
      const started = performance.now();
      const response = await fetch(`${conversationsUrl}/api/process-text`, {
        method: 'POST',
        headers,
        // A practice against selected requirements, with no snippet: a snippet would be asked of the jobs service, which is not running here.
        body: JSON.stringify({ text: answer.text, conversationHistory: [{ role: 'assistant', content: answer.question }], context: answer.context }),
      });
      const { answerId, message } = (await response.json()) as { answerId?: string; message?: string };
      if (!answerId) throw new Error(`no answer id in the reply (${response.status} ${message ?? ''})`);
      const replied = performance.now();
      replies.push(replied - started);
      while ((await fetch(`${feedbackUrl}/api/feedback/${answerId}`, { headers })).status !== 200) await new Promise((resolve) => setTimeout(resolve, 5));
      waits.push(performance.now() - replied);
    }
    const reply = timing(replies, 3);
    const feedbackReady = timing(waits, 3);
    log(
      `typed answer, ${TURNS} turns: the reply p50 ${reply.p50} ms, p99 ${reply.p99} ms; its feedback served p50 ${feedbackReady.p50} ms, p99 ${feedbackReady.p99} ms after the reply (outbox, JetStream, durable consumer, scoring, SQLite)`,
    );
    return { reply, feedbackReady };
  } finally {
    await close();
  }
}

/** Runs every measurement, prints it and returns the figures. */
export async function runFeedbackBench(log: (line: string) => void = console.log): Promise<FeedbackBenchResult> {
  const { offline, openai } = await evaluation(log);
  const scorer = await scorerSpeed(log);
  return { offline, openai, scorer, replyToFeedback: await replyToFeedback(log) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runFeedbackBench();
