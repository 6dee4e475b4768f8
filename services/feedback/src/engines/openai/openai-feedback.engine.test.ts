import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatLoopback } from '@story/testing/service-under-test';
import { answerEvent, scoreAnswer, startTestFeedback } from '../../../test/feedback-test-kit.ts';
import { createFeedbackEngines } from '../feedback-engine.factory.ts';
import { OfflineFeedbackEngine } from '../offline/offline-feedback.engine.ts';
import { OpenAiFeedbackEngine } from './openai-feedback.engine.ts';

const QUESTION = 'Tell me about a time you used SQL.';
const REQUIREMENT = '2+ years of experience with SQL';
const ANSWER =
  'At Kestrel Foods the managers argued about numbers. We agreed to fix it. I wrote SQL views on our Postgres warehouse, and the Monday meeting went from 90 minutes to 30.';

/** What a well-behaved model answers for ANSWER; tests spoil parts of it. */
function modelAnswer() {
  return {
    star: [
      { part: 'situation', present: true, quotes: ['At Kestrel Foods the managers argued about numbers'], prompt: null },
      { part: 'task', present: false, quotes: [], prompt: 'You said the managers argued; what were you asked to deliver?' },
      { part: 'action', present: true, quotes: ['I wrote SQL views on our Postgres warehouse'], prompt: null },
      { part: 'result', present: true, quotes: ['the Monday meeting went from 90 minutes to 30'], prompt: null },
    ],
    assessment: [
      { dimension: 'relevance', score: 9, quote: 'I wrote SQL views', requirement: REQUIREMENT, comment: `"I wrote SQL views" shows ${REQUIREMENT} directly.` },
      { dimension: 'specificity', score: 8, quote: 'Postgres warehouse', requirement: REQUIREMENT, comment: '"Postgres warehouse" names the tool.' },
      { dimension: 'ownership', score: 7, quote: 'I wrote SQL views', requirement: REQUIREMENT, comment: '"I wrote SQL views" says what you did.' },
      { dimension: 'impact', score: 12, quote: 'from 90 minutes to 30', requirement: REQUIREMENT, comment: '"from 90 minutes to 30" measures the result.' },
      { dimension: 'structure', score: -2, quote: 'At Kestrel Foods', requirement: REQUIREMENT, comment: '“At Kestrel Foods” opens with the scene.' },
    ],
  };
}

describe('the OpenAI feedback engine against a loopback chat-completions server', () => {
  const fake = new ChatLoopback();
  /** What the model says: its JSON, as the loopback's assistant content. */
  const modelSays = (content: unknown) => {
    fake.answer = JSON.stringify(content);
  };
  let baseURL: string;
  let engine: OpenAiFeedbackEngine;
  const offline = new OfflineFeedbackEngine();

  beforeAll(async () => {
    baseURL = await fake.start();
    engine = new OpenAiFeedbackEngine({ apiKey: 'sk-test', baseURL, model: 'gpt-4o-mini', timeoutMs: 1000, offline });
  });
  afterAll(async () => fake.stop());

  it('asks for structured output (a strict JSON schema) with the question, the requirements and the answer', async () => {
    fake.mode = 'answer';
    modelSays(modelAnswer());
    await engine.assess({ question: QUESTION, answer: ANSWER, requirements: `- ${REQUIREMENT}` });
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('gpt-4o-mini');
    expect(request?.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'answer_feedback', strict: true } } });
    const said = request?.body.messages?.at(-1)?.content ?? '';
    for (const part of [QUESTION, REQUIREMENT, ANSWER]) expect(said).toContain(part);
  });

  it('drops a model’s quote that takes in a word the recogniser was unsure of, as it drops a made-up one (issue 19)', async () => {
    fake.mode = 'answer';
    modelSays(modelAnswer());
    // "Postgres" may have been misheard, and "90".
    const unsure = ['Postgres', '90'].map((word) => ({ start: ANSWER.indexOf(word), end: ANSWER.indexOf(word) + word.length }));
    const feedback = await engine.assess({ question: QUESTION, answer: ANSWER, requirements: `- ${REQUIREMENT}`, uncertain: unsure });
    const quotes = [...feedback.star.flatMap((part) => part.quotes), ...feedback.assessment.flatMap((score) => (score.quote ? [score.quote] : []))];
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) for (const word of unsure) expect(quote.start < word.end && quote.end > word.start, quote.text).toBe(false);
    for (const score of feedback.assessment) expect(score.comment).not.toMatch(/Postgres|90 minutes/);
    // The model's sure quotes stay the model's.
    expect(feedback.star.find((part) => part.part === 'situation')?.quotes.map((quote) => quote.text)).toEqual([
      'At Kestrel Foods the managers argued about numbers',
    ]);
    expect(feedback.assessment.find((score) => score.dimension === 'relevance')?.comment).toBe(`"I wrote SQL views" shows ${REQUIREMENT} directly.`);
  });

  it('judges a story turn with the story so far: the earlier turns go to the model, and a part only they told stays told with their words', async () => {
    fake.mode = 'answer';
    const earlier = [
      { question: 'What is a moment you would like to tell me about?', answer: 'At Kestrel Foods the managers argued about numbers every Monday.' },
    ];
    const answer = 'I wrote SQL views on our Postgres warehouse.';
    modelSays({
      star: [
        { part: 'situation', present: false, quotes: [], prompt: 'Where were you?' },
        { part: 'task', present: false, quotes: [], prompt: 'What was your goal?' },
        { part: 'action', present: true, quotes: ['I wrote SQL views on our Postgres warehouse'], prompt: null },
        { part: 'result', present: false, quotes: [], prompt: 'How did it turn out?' },
      ],
      assessment: modelAnswer().assessment,
    });
    const feedback = await engine.assess({ question: 'What did you do first?', answer, kind: 'story', earlier });
    const request = fake.requests.at(-1);
    expect(request?.body.messages?.[0]?.content).toMatch(/one turn of a story/);
    expect(request?.body.messages?.at(-1)?.content).toContain(earlier[0]?.answer);
    const situation = feedback.star.find((part) => part.part === 'situation');
    expect(situation).toMatchObject({
      present: true,
      quotes: [],
      earlier: [expect.objectContaining({ turn: 1, text: expect.stringContaining('At Kestrel Foods') })],
    });
    expect(feedback.star.find((part) => part.part === 'result')).toMatchObject({ present: false, prompt: 'How did it turn out?', earlier: [] });
  });

  it('gives the model’s feedback in the shared shape, quotes located in the answer and scores kept to 0-10', async () => {
    modelSays(modelAnswer());
    const feedback = await engine.assess({ question: QUESTION, answer: ANSWER, requirements: `- ${REQUIREMENT}` });
    expect(feedback.engine).toBe('openai');
    expect(feedback.star.map((part) => [part.part, part.present])).toEqual([
      ['situation', true],
      ['task', false],
      ['action', true],
      ['result', true],
    ]);
    expect(feedback.star[1]?.prompt).toBe('You said the managers argued; what were you asked to deliver?');
    for (const quote of [...feedback.star.flatMap((part) => part.quotes), ...feedback.assessment.flatMap((score) => (score.quote ? [score.quote] : []))]) {
      expect(ANSWER.slice(quote.start, quote.end)).toBe(quote.text);
    }
    expect(feedback.assessment.map((score) => score.score)).toEqual([9, 8, 7, 10, 0]);
    expect(feedback.assessment[0]).toMatchObject({ comment: `"I wrote SQL views" shows ${REQUIREMENT} directly.`, requirement: REQUIREMENT });
  });

  it('drops quotes that are not in the answer: a part or a dimension left without real words is read by the offline scorer', async () => {
    const spoiled = modelAnswer();
    spoiled.star[2] = { part: 'action', present: true, quotes: ['I single-handedly rebuilt the data platform'], prompt: null };
    spoiled.star[3] = { part: 'result', present: true, quotes: ['saving £2m a year', 'the Monday meeting went from 90 minutes to 30'], prompt: null };
    spoiled.assessment[0] = { dimension: 'relevance', score: 10, quote: 'ten years of SQL', requirement: REQUIREMENT, comment: '"ten years of SQL" shows it.' };
    spoiled.assessment[2] = {
      dimension: 'ownership',
      score: 10,
      quote: 'I wrote SQL views',
      requirement: REQUIREMENT,
      comment: '"I led the whole team" and "I wrote SQL views" show ownership.',
    };
    modelSays(spoiled);
    const input = { question: QUESTION, answer: ANSWER, requirements: `- ${REQUIREMENT}` };
    const feedback = await engine.assess(input);
    const offlineReading = offline.assessNow(input);
    expect(feedback.star[2]).toEqual(offlineReading.star[2]);
    expect(feedback.star[3]?.quotes.map((quote) => quote.text)).toEqual(['the Monday meeting went from 90 minutes to 30']);
    expect(feedback.assessment[0]).toEqual(offlineReading.assessment[0]);
    expect(feedback.assessment[2]).toEqual(offlineReading.assessment[2]);
    expect(JSON.stringify(feedback)).not.toMatch(/single-handedly|£2m|ten years|whole team/);
  });

  it('finds a quote written in another case or with other apostrophes, and keeps the answer’s own text', async () => {
    const answer = "I didn't wait: I called the supplier myself.";
    modelSays({ star: [{ part: 'action', present: true, quotes: ['i didn’t wait'], prompt: null }], assessment: [] });
    const feedback = await engine.assess({ question: 'What did you do?', answer });
    expect(feedback.star.find((part) => part.part === 'action')?.quotes).toEqual([{ start: 0, end: 13, text: "I didn't wait" }]);
    // Parts and dimensions the model left out come from the offline scorer: always four parts and five scores.
    expect(feedback.star).toHaveLength(4);
    expect(feedback.assessment.map((score) => score.dimension)).toEqual(['relevance', 'specificity', 'ownership', 'impact', 'structure']);
  });

  it('fails on a server error or a reply that is not the schema (the scoring service then uses the offline scorer)', async () => {
    fake.mode = 'error';
    await expect(engine.assess({ question: QUESTION, answer: ANSWER })).rejects.toThrow();
    fake.mode = 'answer';
    modelSays({ verdict: 'great answer' });
    await expect(engine.assess({ question: QUESTION, answer: ANSWER })).rejects.toThrow();
  });

  it('is what FEEDBACK_ENGINE=openai picks; a model that hangs past the timeout leaves the answer to the offline scorer', async () => {
    const picked = createFeedbackEngines({
      FEEDBACK_ENGINE: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: baseURL,
      OPENAI_CHAT_MODEL: 'gpt-4o-mini',
      FEEDBACK_TIMEOUT_MS: 300,
    });
    expect(picked.engine.name).toBe('openai');
    expect(
      createFeedbackEngines({
        FEEDBACK_ENGINE: 'offline',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: undefined,
        OPENAI_CHAT_MODEL: 'x',
        FEEDBACK_TIMEOUT_MS: 300,
      }).engine.name,
    ).toBe('offline');

    const service = await startTestFeedback({
      env: { FEEDBACK_ENGINE: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseURL, FEEDBACK_TIMEOUT_MS: '300' },
    });
    try {
      expect(service.deps.engine.name).toBe('openai');
      fake.mode = 'answer';
      modelSays(modelAnswer());
      const event = answerEvent({ userId: 9, question: QUESTION, answer: ANSWER, requirements: `- ${REQUIREMENT}` });
      await scoreAnswer(service, event);
      expect((await service.deps.storage.feedback.find(9, event.answerId))?.engine).toBe('openai');
      fake.mode = 'hang';
      const late = answerEvent({ userId: 9 });
      await scoreAnswer(service, late);
      expect((await service.deps.storage.feedback.find(9, late.answerId))?.engine).toBe('offline');
    } finally {
      fake.mode = 'answer';
      await service.close();
    }
  });

  it('needs a key when FEEDBACK_ENGINE is openai', async () => {
    await expect(startTestFeedback({ env: { FEEDBACK_ENGINE: 'openai' } })).rejects.toThrow(/OPENAI_API_KEY is required when FEEDBACK_ENGINE is openai/);
  });
});
