import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerGivenEvent } from '@story/proto';
import { silentLog } from '@story/service-kit';
import { AnswerScoringService } from '../answers/answer-scoring.service.ts';
import { OfflineFeedbackEngine } from '../engines/offline/offline-feedback.engine.ts';
import { openSqliteFeedbackStorage, type FeedbackStorage } from '../storage/feedback-storage.ts';
import { ReadinessService, sameRequirement } from './readiness.service.ts';

describe('a snippet and a requirement line saying the same requirement', () => {
  it('are one requirement when one holds the other’s words, whatever the bullet, case and stops', () => {
    expect(sameRequirement('- Improve scheduling and reduce patient wait times', 'Improve scheduling and reduce patient wait times.')).toBe(true);
    expect(sameRequirement('Requirements: 5+ years of Python; strong SQL', '5+ years of Python')).toBe(true);
    expect(sameRequirement('Python', 'Python and SQL for reporting')).toBe(false);
    expect(sameRequirement('Lead cross-functional projects', 'Own the weekly operations budget')).toBe(false);
    expect(sameRequirement('', 'anything')).toBe(false);
  });
});

const STRONG =
  'At Harbor Logistics I ran the night shift. Orders left late because pickers walked the whole floor. My goal was same-day dispatch above 95%. ' +
  'I grouped the fastest 200 SKUs near the packing benches and batched the pick lists by zone. Within a month pick time fell from 11 minutes to 7.';

/** Readiness over a real SQLite store, with answers scored by the scoring service as its consumer does. */
function readinessWorld(snippets: { id: number; text: string }[], lines: string[]) {
  const storage: FeedbackStorage = openSqliteFeedbackStorage(':memory:');
  const engine = new OfflineFeedbackEngine();
  const scoring = new AnswerScoringService({ feedback: storage.feedback, engine, fallback: engine, timeoutMs: 5_000, clock: () => new Date(), log: silentLog });
  const readiness = new ReadinessService({
    interviews: storage.mockInterviews,
    feedback: storage.feedback,
    sources: {
      requirements: async () => ({
        companyName: 'Harbor',
        jobTitle: 'Shift lead',
        requirements: lines.map((text, index) => ({ key: `line:${index}`, text })),
        snippets,
      }),
      resumeLines: async () => ({ resumeId: null, lines: [] }),
    },
    findStories: async () => new Map(),
    fitStories: async () => [],
  });
  let n = 0;
  const answer = (overrides: Partial<AnswerGivenEvent>): Promise<unknown> =>
    scoring.score({
      answerId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
      userId: 1,
      question: 'Tell me about a time you improved a process.',
      answer: STRONG,
      source: 'typed',
      kind: 'practice',
      answeredAt: new Date(Date.UTC(2026, 0, 1, 9, n)).toISOString(),
      ...overrides,
    });
  return { storage, answer, rows: async () => (await readiness.readiness(1, 1)).requirements };
}

describe('readiness per requirement (issue 38, 4)', () => {
  let world: ReturnType<typeof readinessWorld> | undefined;
  afterEach(async () => world?.storage.close());

  it('never makes a requirement Ready from an answer that says the person has not done it', async () => {
    world = readinessWorld([{ id: 7, text: 'Run Kubernetes across regions' }], []);
    await world.answer({
      snippetId: 7,
      requirements: 'Run Kubernetes across regions',
      question: 'Tell me about a time you ran Kubernetes across regions.',
      answer:
        'I have not run Kubernetes across regions myself. At Harbor Logistics I ran our single-region cluster, wrote the Helm charts for 30 services, ' +
        'set up the autoscaling and cut our cloud bill by 20% in a quarter.',
    });
    const [row] = await world.rows();
    expect(row?.attempts).toBe(1);
    expect(row?.level).not.toBe('ready');
    expect(row?.bestScore ?? 10).toBeLessThan(5);
  });

  it('keeps each line of a snippet that holds several as its own row, Ready only from answers to it', async () => {
    const snippet = 'Requirements: 5+ years of Python; strong SQL reporting for the finance team';
    world = readinessWorld([{ id: 3, text: snippet }], ['5+ years of Python', 'Strong SQL reporting for the finance team']);
    await world.answer({ snippetId: 3, requirements: snippet });
    const rows = await world.rows();
    expect(rows.map((row) => row.text)).toEqual([snippet, '5+ years of Python', 'Strong SQL reporting for the finance team']);
    expect(rows[0]?.level).toBe('ready');
    expect(rows.slice(1).map((row) => [row.level, row.attempts])).toEqual([
      ['not-yet', 0],
      ['not-yet', 0],
    ]);
  });

  it('still reads a snippet copied from one line as that line: one row', async () => {
    world = readinessWorld(
      [{ id: 4, text: '- Improve scheduling and reduce patient wait times' }],
      ['Improve scheduling and reduce patient wait times.', 'Mentor new nurses'],
    );
    const rows = await world.rows();
    expect(rows.map((row) => row.text)).toEqual(['- Improve scheduling and reduce patient wait times', 'Mentor new nurses']);
  });
});
