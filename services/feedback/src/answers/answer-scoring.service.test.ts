import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEvent, startTestFeedback, type TestFeedback } from '../../test/feedback-test-kit.ts';
import type { AnswerToAssess, EngineFeedback, FeedbackEngine } from '../engines/feedback-engine.ts';
import { OfflineFeedbackEngine } from '../engines/offline/offline-feedback.engine.ts';
import { AnswerScoringService } from './answer-scoring.service.ts';

/** An engine whose behaviour each test sets: it stands in for OpenAI, an outside service. */
class ScriptedEngine implements FeedbackEngine {
  readonly name = 'openai' as const;
  calls = 0;
  behaviour: 'answer' | 'fail' | 'hang' = 'answer';
  constructor(private readonly offline: OfflineFeedbackEngine) {}
  async assess(input: AnswerToAssess): Promise<EngineFeedback> {
    this.calls++;
    if (this.behaviour === 'fail') throw new Error('model exploded');
    if (this.behaviour === 'hang') return new Promise<EngineFeedback>(() => undefined);
    return { ...(await this.offline.assess(input)), engine: 'openai' };
  }
}

/** The feedback service with a scoring service whose configured engine does as told, for one describe block. */
function scriptedScoring(): { service: TestFeedback; engine: ScriptedEngine; scoring: AnswerScoringService } {
  const world = {} as { service: TestFeedback; engine: ScriptedEngine; scoring: AnswerScoringService };
  beforeAll(async () => {
    world.service = await startTestFeedback();
    const offline = new OfflineFeedbackEngine();
    world.engine = new ScriptedEngine(offline);
    world.scoring = new AnswerScoringService({
      feedback: world.service.deps.storage.feedback,
      engine: world.engine,
      fallback: offline,
      timeoutMs: 200,
      clock: () => new Date(),
      log: world.service.app.log,
    });
  });
  afterAll(async () => world.service?.close());
  return world;
}

describe('scoring answers', () => {
  const world = scriptedScoring();

  it('scores an answer once: the same event again stores nothing more and calls no engine', async () => {
    world.engine.behaviour = 'answer';
    const event = answerEvent({ userId: 5 });
    const before = world.engine.calls;
    expect(await world.scoring.score(event)).toBe('scored');
    expect(await world.scoring.score(event)).toBe('already-scored');
    expect(await world.scoring.score({ ...event, answer: 'A different text under the same id.' })).toBe('already-scored');
    expect(world.engine.calls).toBe(before + 1);
    expect((await world.service.deps.storage.feedback.find(5, event.answerId))?.engine).toBe('openai');
  });

  it('gives the offline scorer’s feedback when the configured engine fails or is late', async () => {
    for (const behaviour of ['fail', 'hang'] as const) {
      world.engine.behaviour = behaviour;
      const event = answerEvent({ userId: 6 });
      const started = Date.now();
      expect(await world.scoring.score(event)).toBe('scored');
      expect(Date.now() - started).toBeLessThan(2000);
      const stored = await world.service.deps.storage.feedback.find(6, event.answerId);
      expect(stored?.engine, behaviour).toBe('offline');
      expect(stored?.findings.assessment).toHaveLength(5);
    }
  });
});

describe('scoring what is not an answer', () => {
  const world = scriptedScoring();

  it('stores nothing and calls no engine for a hello, "I’m ready", a request to repeat or for a moment, should one come', async () => {
    const before = world.engine.calls;
    for (const answer of ['Hi, I’m ready', 'Can you repeat the question?', 'Give me a second.', 'I don’t know.']) {
      const event = answerEvent({ userId: 7, snippetId: 3, answer });
      expect(await world.scoring.score(event), answer).toBe('not-an-answer');
      expect(await world.service.deps.storage.feedback.find(7, event.answerId), answer).toBeUndefined();
    }
    expect(await world.service.deps.storage.feedback.snippetAttempts(7, 3)).toEqual([]);
    expect(world.engine.calls).toBe(before);
    expect(await world.scoring.score(answerEvent({ userId: 7, snippetId: 3, answer: 'I led the migration and cut costs by 30%.' }))).toBe('scored');
  });
});

describe('scoring a story’s first reply to the coach (issue 38, 3)', () => {
  const world = scriptedScoring();
  const FIRST = 'Probably the night our payment service went down during my first week. I rolled back the release and we had it running again by midnight.';

  it('grades no first reply to an open invitation, and grades the story from its next turn on', async () => {
    world.engine.behaviour = 'answer';
    for (const question of [
      'What story do you tell friends about your work?',
      'What is a story from your career that you find yourself telling friends?',
      'Which experience would you like to capture today: a success, a setback, or a turning point?',
    ]) {
      const event = answerEvent({ userId: 11, kind: 'story', question, answer: FIRST });
      expect(await world.scoring.score(event), question).toBe('not-an-answer');
      expect(await world.service.deps.storage.feedback.find(11, event.answerId)).toBeUndefined();
    }
    const next = answerEvent({
      userId: 11,
      kind: 'story',
      question: 'What was your part in it?',
      answer: 'I checked the dashboards, found the pool was exhausted and restarted the workers.',
      earlierTurns: [{ question: 'What story do you tell friends about your work?', answer: FIRST }],
    });
    expect(await world.scoring.score(next)).toBe('scored');
  });

  it('still grades an interview question answered in a story thread', async () => {
    const event = answerEvent({ userId: 12, kind: 'story', question: 'Tell me about a time you handled an outage.', answer: FIRST });
    expect(await world.scoring.score(event)).toBe('scored');
  });
});

describe('an answer that says the person has not done it (issue 38, 4)', () => {
  const world = scriptedScoring();

  it('is heard as an admission: relevance low and quoted, stored as one, whatever the engine said', async () => {
    world.engine.behaviour = 'answer';
    const event = answerEvent({
      userId: 13,
      snippetId: 9,
      requirements: '- Run Kubernetes across regions',
      question: 'Tell me about a time you ran Kubernetes across regions.',
      answer: 'I have not run Kubernetes across regions myself. I ran our single cluster in one region and wrote the Helm charts for all 30 services.',
    });
    expect(await world.scoring.score(event)).toBe('scored');
    const saved = await world.service.deps.storage.feedback.find(13, event.answerId);
    expect(saved?.findings.admission).toBe(true);
    const relevance = saved?.findings.assessment.find((score) => score.dimension === 'relevance');
    expect(relevance?.score).toBeLessThanOrEqual(3);
    expect(relevance?.quote?.text).toBe('I have not run Kubernetes across regions myself');
    expect(relevance?.comment).toContain('“I have not run Kubernetes across regions myself”');
    expect(saved?.overall ?? 10).toBeLessThan(5);
  });

  it('reads "I have not made that mistake again" as an outcome, not an admission', async () => {
    const event = answerEvent({
      userId: 14,
      answer: 'I sent a client the wrong invoice. I called them the same day and added a second check to my routine. I have not made that mistake again.',
    });
    await world.scoring.score(event);
    expect((await world.service.deps.storage.feedback.find(14, event.answerId))?.findings.admission).toBe(false);
  });
});
