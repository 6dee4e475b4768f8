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
