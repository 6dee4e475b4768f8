/**
 * Mock interview voice benchmark (issue 23): after the person's Stop, how soon the interviewer's next
 * line (the next question, or its follow-up) starts playing: a spoken answer recorded live, finished
 * as the web app does in a voice interview (the interview records and scores it, its next words are
 * the spoken reply, streamed), from Stop to the first piece of the reply's MP3 in hand — the speech
 * bench's measure. Reference from the same run, alternating: the same recording answered as an
 * ordinary practice turn (the coach's reply). Budget: under 1 s.
 *
 * NATS, the speech front, conversations and the feedback service run in this process, one speech
 * worker in its own; auth's settings answer is a stand-in, and so are jobs and profile (one
 * description with five requirement lines, a résumé with two bullets) and search (no stories).
 *
 *   node --import tsx bench/mock-interview-voice.bench.ts
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mockInterviewSchema, type MockInterview } from '@story/proto';
import { closeServiceDeps } from '@story/service-kit';
import { feedbackService } from '../services/feedback/src/app.ts';
import type { InterviewSources } from '../services/feedback/src/mock-interviews/interview-sources.client.ts';
import { TEST_USERS, VOICE_USER } from '../services/speech/test/speech-test-kit.ts';
import { live, median, record, startVoiceStack, type LiveRun } from './live-voice.ts';
import { keyedRequirementLines } from '@story/testing/fixtures/job-descriptions';

const BUDGET_MS = 1000;
const MOCK_RUNS = 5;
const PRACTICE_RUNS = 3;
const JOB_DESCRIPTION = 1;

/** Every STAR part and a result in numbers: the interviewer rarely needs a follow-up. About 16 s, flite's `rms` voice. */
const ANSWER =
  'At my last job our checkout database failed twice a month. My task was to move it to a new system without downtime. ' +
  'I planned the migration, moved the data in small steps and compared the numbers every night. ' +
  'We finished two weeks early and the error rate dropped by eighty percent.';

/** The bench's description and résumé, as jobs and profile would tell them. */
const sources: InterviewSources = {
  async requirements() {
    return {
      companyName: 'Northwind',
      jobTitle: 'Platform Engineer',
      requirements: keyedRequirementLines([
        'Experience leading database migrations with zero downtime',
        'Strong written communication with product and support teams',
        'Comfortable mentoring junior engineers',
        'Track record of improving reliability with data',
        'Experience running services on Kubernetes',
      ]),
      snippets: [],
    };
  },
  async resumeLines() {
    return {
      resumeId: 9,
      lines: [
        { bulletId: 'b-ci', text: 'Cut deploy times from 40 to 9 minutes by rebuilding the CI pipeline', title: 'Platform Engineer', company: 'Contoso' },
        { bulletId: 'b-mentor', text: 'Mentored four junior engineers through their first on-call rotations', title: 'Platform Engineer', company: 'Contoso' },
      ],
    };
  },
};

export interface MockInterviewVoiceBenchResult {
  answerSeconds: number;
  /** Milliseconds from Stop to the first piece of the interviewer's next line in hand, each run. */
  stopToQuestionMs: number[];
  /** How many of those next lines were a follow-up rather than the next question. */
  followUps: number;
  /** The reference: Stop to the coach's reply audio for the same recording, each run. */
  practiceMs: number[];
  /** Median over the reference's median. */
  ratio: number;
  withinBudget: boolean;
}

/** Runs the measurement, prints it and returns the figures. */
export async function runMockInterviewVoiceBench(log: (line: string) => void = console.log): Promise<MockInterviewVoiceBenchResult> {
  const stack = await startVoiceStack('mock-interview-voice-bench-', TEST_USERS);
  const feedbackConfig = feedbackService.envSchema.parse({ ...stack.env, DATA_DIR: join(stack.dir, 'feedback') });
  const feedbackDeps = await feedbackService.openDeps(feedbackConfig, { interviewSources: sources, findStories: async () => new Map(), logger: false });
  const feedback = await feedbackService.buildApp(feedbackConfig, feedbackDeps);
  try {
    await feedback.listen({ host: '127.0.0.1', port: 0 });
    await feedbackDeps.nats.ready();
    const address = feedback.server.address();
    const feedbackUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const interviewCall = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<MockInterview> => {
      const response = await fetch(`${feedbackUrl}/api/mock-interviews${path}`, {
        method,
        headers: { ...(await stack.headersOf(VOICE_USER)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} /api/mock-interviews${path} answered ${response.status}: ${await response.text()}`);
      return mockInterviewSchema.parse(await response.json());
    };
    const plan = () => interviewCall('POST', '', { jobDescriptionId: JOB_DESCRIPTION, questionCount: 6, mode: 'voice' });

    const answer = record(stack.dir, 'answer', ANSWER);
    await stack.startWorker();
    const practice = () => live(stack, answer.webm, answer.seconds, true, { conversationHistory: [] });
    /** Answers what the interview asks now, live; a new interview first when only its last question is left (its answer is followed by the closing words). */
    let interview = await plan();
    const answerInterview = async (): Promise<LiveRun & { followUp: boolean }> => {
      if (interview.expecting === null || interview.currentIndex >= interview.questions.length - 1) interview = await plan();
      const mockInterview = { id: interview.id, questionIndex: interview.currentIndex, part: interview.expecting ?? 'answer' };
      const run = await live(stack, answer.webm, answer.seconds, true, { conversationHistory: [], mockInterview });
      interview = await interviewCall('GET', `/${interview.id}`);
      if (!run.aiResponse.includes(interview.interviewerLine))
        throw new Error(`the reply "${run.aiResponse}" is not the interviewer's line "${interview.interviewerLine}"`);
      return { ...run, followUp: interview.expecting === 'follow-up' };
    };

    // Warm-up: every engine loaded once, on both paths.
    await practice();
    await answerInterview();
    const mockRuns: (LiveRun & { followUp: boolean })[] = [];
    const practiceRuns: LiveRun[] = [];
    for (let run = 0; run < MOCK_RUNS; run++) {
      mockRuns.push(await answerInterview());
      if (run < PRACTICE_RUNS) practiceRuns.push(await practice());
    }

    const stopToQuestionMs = mockRuns.map((run) => run.firstMs);
    const practiceMs = practiceRuns.map((run) => run.firstMs);
    const followUps = mockRuns.filter((run) => run.followUp).length;
    const ratio = median(stopToQuestionMs) / Math.max(median(practiceMs), 1);
    const withinBudget = median(stopToQuestionMs) < BUDGET_MS;
    const ms = (value: number) => value.toFixed(0);
    log(
      `Stop to next question audio, ${answer.seconds.toFixed(1)} s answer: runs ${stopToQuestionMs.map(ms).join(', ')} ms (median ${ms(median(stopToQuestionMs))}; budget ${BUDGET_MS} ${withinBudget ? 'met' : 'MISSED'}; ` +
        `${followUps} of ${mockRuns.length} a follow-up); reference practice reply ${practiceMs.map(ms).join(', ')} ms (median ${ms(median(practiceMs))}); ratio ${ratio.toFixed(2)}`,
    );
    return { answerSeconds: answer.seconds, stopToQuestionMs, followUps, practiceMs, ratio, withinBudget };
  } finally {
    await feedback.close();
    await closeServiceDeps(feedbackDeps);
    await stack.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runMockInterviewVoiceBench();
  process.exit(result.withinBudget ? 0 : 1);
}
