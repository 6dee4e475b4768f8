import { answerFeedbackSchema, type AnswerQuote } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { overallScore } from '../feedback-engine.ts';
import { OfflineFeedbackEngine } from './offline-feedback.engine.ts';

const engine = new OfflineFeedbackEngine();
const QUESTION = 'Tell me about a time you improved a process.';
const REQUIREMENTS = '- Continuously improve operational processes\n- Use data to drive decisions';
const STRONG =
  'At Harbor Logistics I ran the night shift in a warehouse of about 40 pickers. Orders were leaving late because pickers walked the whole floor. ' +
  'My goal was to get same-day dispatch back above 95%. I pulled two weeks of pick data, grouped the fastest 200 SKUs near the packing benches ' +
  'and changed the pick lists to batch orders by zone. Within a month average pick time fell from 11 minutes to 7, and same-day dispatch went from 82% to 97%.';
const TEAM_ONLY = 'We were behind on the release. We moved the tests to CI and we shipped on time.';

/** Every quote must be the answer's own words, exactly where it says they are. */
function expectQuotesInAnswer(answer: string, quotes: readonly (AnswerQuote | null)[]) {
  for (const quote of quotes) {
    if (!quote) continue;
    expect(answer.slice(quote.start, quote.end)).toBe(quote.text);
  }
}

describe('the offline feedback engine', () => {
  it('finds the four STAR parts in a full answer, each with the exact words that carry it', async () => {
    const feedback = await engine.assess({ question: QUESTION, answer: STRONG, requirements: REQUIREMENTS });
    expect(feedback.engine).toBe('offline');
    expect(feedback.star.map((part) => [part.part, part.present])).toEqual([
      ['situation', true],
      ['task', true],
      ['action', true],
      ['result', true],
    ]);
    expect(feedback.star.find((part) => part.part === 'task')?.quotes[0]?.text).toContain('My goal was');
    expect(
      feedback.star
        .find((part) => part.part === 'result')
        ?.quotes.map((quote) => quote.text)
        .join(' '),
    ).toMatch(/fell from 11 minutes to 7|82% to 97%/);
    expectQuotesInAnswer(
      STRONG,
      feedback.star.flatMap((part) => part.quotes),
    );
    expect(feedback.star.every((part) => part.prompt === null)).toBe(true);
  });

  it('scores five dimensions from 0 to 10, each with a sentence that quotes the answer and names the requirement', async () => {
    const feedback = await engine.assess({ question: QUESTION, answer: STRONG, requirements: REQUIREMENTS });
    expect(feedback.assessment.map((score) => score.dimension)).toEqual(['relevance', 'specificity', 'ownership', 'impact', 'structure']);
    for (const score of feedback.assessment) {
      expect(Number.isInteger(score.score) && score.score >= 0 && score.score <= 10).toBe(true);
      expect(score.quote).not.toBeNull();
      expect(score.comment).toContain(`“${score.quote?.text}”`);
      expect(score.requirement).toBe('Continuously improve operational processes');
    }
    expectQuotesInAnswer(
      STRONG,
      feedback.assessment.map((score) => score.quote),
    );
    expect(overallScore(feedback.assessment)).toBeGreaterThanOrEqual(8);
  });

  it('asks "what did you do?" of a story told as "we", quoting the team', async () => {
    const feedback = await engine.assess({ question: QUESTION, answer: TEAM_ONLY });
    const action = feedback.star.find((part) => part.part === 'action');
    expect(action?.present).toBe(false);
    expect(action?.prompt).toBe('You said what the team did (“We moved the tests to CI”); what did you do yourself?');
    const ownership = feedback.assessment.find((score) => score.dimension === 'ownership');
    expect(ownership?.score).toBeLessThanOrEqual(3);
    expectQuotesInAnswer(TEAM_ONLY, [...feedback.star.flatMap((part) => part.quotes), ...feedback.assessment.map((score) => score.quote)]);
  });

  it('gives a prompt for every missing part of a headline without a story', async () => {
    const feedback = engine.assessNow({ question: QUESTION, answer: 'I am good at improving things.' });
    const missing = feedback.star.filter((part) => !part.present);
    expect(missing.length).toBeGreaterThanOrEqual(3);
    for (const part of missing) expect(part.prompt).toMatch(/\?/);
    expect(overallScore(feedback.assessment)).toBeLessThan(4);
  });

  it('reads a spoken answer (no capitals, no full stops, spelled-out figures) as well as a typed one', () => {
    const spoken =
      'so um at my last job i was on the help desk at a hospital and the ticket queue was like three hundred tickets deep ' +
      'and i wrote a script that sorted the tickets by ward and urgency every morning and after a month the queue was down to forty tickets';
    const feedback = engine.assessNow({ question: QUESTION, answer: spoken });
    expect(feedback.star.find((part) => part.part === 'action')?.present).toBe(true);
    expect(feedback.star.find((part) => part.part === 'result')?.present).toBe(true);
    expect(feedback.assessment.find((score) => score.dimension === 'impact')?.score).toBeGreaterThanOrEqual(7);
  });

  it('hears a result in a problem that stopped, and keeps "what we sold" in one quote of a spoken answer', () => {
    const spoken =
      'so um when i worked at the garden centre we were like always running out of compost on saturdays and basically i started counting what we sold each weekend ' +
      "and i put in a standing order with the supplier on thursdays and uh after that we didn't run out once that summer";
    const feedback = engine.assessNow({ question: 'Tell me about a time you showed initiative.', answer: spoken });
    const part = (name: string) => feedback.star.find((entry) => entry.part === name);
    expect(part('result')?.quotes.map((quote) => quote.text)).toEqual(["after that we didn't run out once that summer"]);
    expect(part('action')?.quotes[0]?.text).toBe('i started counting what we sold each weekend');
    expect(feedback.assessment.find((score) => score.dimension === 'relevance')?.score).toBeGreaterThanOrEqual(7);
    expect(feedback.assessment.find((score) => score.dimension === 'specificity')?.comment).toMatch(
      /^“we were like always running out of compost on saturdays” stays general/,
    );
  });

  it('reads a deadline the person had as the task', () => {
    const feedback = engine.assessNow({
      question: QUESTION,
      answer: 'The claims team refused to sign off. We had a go-live date six weeks out. I rebuilt their report and they signed off.',
    });
    expect(feedback.star.find((part) => part.part === 'task')?.quotes[0]?.text).toBe('We had a go-live date six weeks out');
  });

  it('gives the shape the API serves', () => {
    const feedback = engine.assessNow({ question: QUESTION, answer: STRONG });
    const served = answerFeedbackSchema.parse({
      answerId: '2b1f1a2e-4a8b-4c5d-9e0f-1a2b3c4d5e6f',
      question: QUESTION,
      answer: STRONG,
      source: 'typed',
      engine: feedback.engine,
      kind: 'practice',
      turns: 1,
      next: null,
      overall: overallScore(feedback.assessment),
      star: feedback.star,
      assessment: feedback.assessment,
      delivery: null,
      attempt: 1,
      attempts: 1,
      best: true,
      questionId: null,
      answeredAt: new Date(0).toISOString(),
      uncertain: [],
      corrected: false,
    });
    expect(served.star).toHaveLength(4);
  });
});

describe('the offline feedback engine on a story told over several turns', () => {
  const earlier = [
    {
      question: 'What is a moment from your work or life that you would like to tell me about?',
      answer: 'Last year at my company our checkout API kept timing out during sales.',
    },
    {
      question: '“our checkout API kept timing out” — that sets the scene well. What was at stake for you?',
      answer: 'My job was to keep checkout up through Black Friday.',
    },
  ];
  const answer = 'I rolled back the deploy, found the pool was exhausted, raised the pool size and added a circuit breaker.';
  const input = { question: 'How did you go about it, step by step?', answer, kind: 'story' as const, earlier };

  it('finds the STAR parts told in any turn, each with the words of the turn that told it', () => {
    const feedback = engine.assessNow(input);
    const part = (name: string) => feedback.star.find((entry) => entry.part === name);
    expect(feedback.star.map((entry) => [entry.part, entry.present])).toEqual([
      ['situation', true],
      ['task', true],
      ['action', true],
      ['result', false],
    ]);
    expect(part('situation')?.quotes).toEqual([]);
    expect(part('situation')?.earlier[0]).toMatchObject({ turn: 1, question: earlier[0]?.question });
    expect(part('task')?.earlier[0]).toMatchObject({ turn: 2, text: expect.stringContaining('My job was to keep checkout up') });
    for (const entry of feedback.star) {
      for (const quote of entry.earlier) expect(earlier[quote.turn - 1]?.answer.slice(quote.start, quote.end)).toBe(quote.text);
      for (const quote of entry.quotes) expect(answer.slice(quote.start, quote.end)).toBe(quote.text);
    }
    expect(part('action')?.quotes[0]?.text).toMatch(/^I rolled back the deploy/);
    expect(part('result')?.prompt).toMatch(/how did it turn out/i);
  });

  it('never calls a turn that answers a follow-up too short, and quotes only this answer’s words by offset', () => {
    const feedback = engine.assessNow(input);
    const structure = feedback.assessment.find((score) => score.dimension === 'structure');
    expect(structure?.comment).not.toMatch(/too little|too short|1–2 minutes/);
    for (const score of feedback.assessment) if (score.quote) expect(answer.slice(score.quote.start, score.quote.end)).toBe(score.quote.text);
    // The same turn judged alone as an interview answer is short, and misses the scene.
    const alone = engine.assessNow({ question: input.question, answer });
    expect(alone.star.find((entry) => entry.part === 'situation')?.present).toBe(false);
    expect(alone.assessment.find((score) => score.dimension === 'structure')?.comment).toMatch(/too little/);
  });

  it('judges a story turn without earlier turns on its own words, with no length target', () => {
    const feedback = engine.assessNow({ question: '', answer: 'I led the migration and cut costs by 30%.', kind: 'story' });
    expect(feedback.star.find((entry) => entry.part === 'result')?.present).toBe(true);
    expect(feedback.assessment.find((score) => score.dimension === 'structure')?.comment).not.toMatch(/too little/);
  });
});

describe('the offline feedback engine on words the recogniser was unsure of (issue 19)', () => {
  /** The offsets of every whole-word occurrence of `word` in the answer. */
  const wordAt = (answer: string, word: string) => {
    const found = [...answer.matchAll(new RegExp(`\\b${word}\\b`, 'g'))].map((match) => ({ start: match.index, end: match.index + word.length }));
    expect(found.length, word).toBeGreaterThan(0);
    return found;
  };
  const overlaps = (quote: AnswerQuote, unsure: readonly { start: number; end: number }[]) =>
    unsure.some((word) => word.start < quote.end && word.end > quote.start);

  it('quotes none of them as evidence, in STAR parts, scores or their sentences, and still reads the answer whole', async () => {
    const heard = await engine.assess({ question: QUESTION, answer: STRONG, requirements: REQUIREMENTS });
    // One word inside every quote the engine gave when it trusted every word.
    const quoted = [...heard.star.flatMap((part) => part.quotes), ...heard.assessment.flatMap((score) => (score.quote ? [score.quote] : []))];
    const misheard = ['shift', 'goal', 'pulled', 'minutes', 'dispatch', 'lists'];
    const unsure = misheard.flatMap((word) => wordAt(STRONG, word));
    expect(
      quoted.every((quote) => overlaps(quote, unsure)),
      'every quote takes in an unsure word',
    ).toBe(true);

    const feedback = await engine.assess({ question: QUESTION, answer: STRONG, requirements: REQUIREMENTS, uncertain: unsure });
    const quotes = [...feedback.star.flatMap((part) => part.quotes), ...feedback.assessment.flatMap((score) => (score.quote ? [score.quote] : []))];
    expect(quotes.length).toBeGreaterThan(0);
    expectQuotesInAnswer(STRONG, quotes);
    for (const quote of quotes) expect(overlaps(quote, unsure), quote.text).toBe(false);
    for (const score of feedback.assessment) for (const word of misheard) expect(score.comment, score.dimension).not.toContain(word);
    for (const part of feedback.star) expect(part.quotes.length, part.part).toBeGreaterThan(0);
    // What the answer tells is read from all of it: the same parts told, the same scores.
    expect(feedback.star.map((part) => part.present)).toEqual(heard.star.map((part) => part.present));
    expect(feedback.assessment.map((score) => score.score)).toEqual(heard.assessment.map((score) => score.score));
  });

  it('says so rather than quote when it was unsure of every word', async () => {
    const answer = 'we shipped it';
    const feedback = await engine.assess({ question: QUESTION, answer, uncertain: ['we', 'shipped', 'it'].flatMap((word) => wordAt(answer, word)) });
    expect(feedback.star.flatMap((part) => part.quotes)).toEqual([]);
    for (const score of feedback.assessment) {
      expect(score.quote).toBeNull();
      expect(score.comment).not.toContain('shipped');
    }
  });
});
