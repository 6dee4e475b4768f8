import { describe, expect, it } from 'vitest';
import type { StarPart } from '@story/proto';
import type { AnswerToAssess } from '../feedback-engine.ts';
import { askedQuestion } from './answer-reading.ts';
import { OfflineFeedbackEngine } from './offline-feedback.engine.ts';

const engine = new OfflineFeedbackEngine();
const part = (input: AnswerToAssess, name: StarPart) => engine.assessNow(input).star.find((entry) => entry.part === name);

describe('STAR reading a coach would sign (issue 38, 3)', () => {
  it('reads a result without numbers as the result: "We restored the service in two hours"', () => {
    const input = {
      question: 'Tell me about a time you handled an outage.',
      answer:
        'Last winter our payment service went down on a Friday evening. I checked the dashboards and rolled back the release. We restored the service in two hours.',
    };
    expect(part(input, 'result')?.present).toBe(true);
    expect(part(input, 'result')?.quotes.map((quote) => quote.text)).toContain('We restored the service in two hours');
    for (const answer of [
      'A patient kept pulling out his drip. I sat with him and explained each step slowly. He calmed down and let us finish the treatment.',
      'Our invoices confused customers. I asked five of them what they needed and removed every other field. Payment questions almost stopped.',
    ])
      expect(part({ question: 'Tell me about a time you solved a problem.', answer }, 'result')?.present, answer).toBe(true);
  });

  it('never reads a diagnosis or a setback as the result', () => {
    const diagnosis = {
      question: 'Tell me about a time you fixed a production issue.',
      answer: 'Our checkout kept timing out at night. I went through the logs. It turned out the connection pool was exhausted.',
    };
    expect(part(diagnosis, 'result')?.present).toBe(false);
    for (const answer of [
      'I led the launch of our new app. We lost our biggest client two weeks before launch.',
      'We were building an app for a gym chain. I wrote the booking screens. Then the client cut the budget and the project was cancelled.',
    ]) {
      const setback = { question: 'Tell me about a time a project went wrong.', answer };
      expect(part(setback, 'result')?.present, answer).toBe(false);
      expect(part(setback, 'situation')?.present, answer).toBe(true);
    }
  });

  it('reads a load test as a step, not as the situation', () => {
    const input = { question: 'Tell me about a time you tested a system under load.', answer: 'We did a load test of 40 scanners at the warehouse in Leeds.' };
    expect(part(input, 'situation')?.present).toBe(false);
    expect(part(input, 'result')?.present).toBe(false);
    const own = {
      question: input.question,
      answer: 'I ran a load test with 40 scanners at once. The test showed the server slowed down after 25 connections.',
    };
    expect(part(own, 'action')?.quotes.map((quote) => quote.text)).toContain('I ran a load test with 40 scanners at once');
  });

  it('names the interviewer’s question as “the question”, never the greeting before it', () => {
    const turn = "Hi, I'm Sam and I'll be your interviewer today. Great to meet you! Let's begin. Tell me about a time you handled an outage.";
    expect(askedQuestion(turn)).toBe('Tell me about a time you handled an outage.');
    const found = engine.assessNow({
      question: turn,
      answer: 'Our payment service went down. I rolled back the release. We restored the service in two hours.',
    });
    for (const score of found.assessment) {
      expect(score.comment).not.toMatch(/Hi, I'm Sam|Great to meet you|Let's begin/);
      if (score.comment.includes('the question')) expect(score.comment).toContain('the question (“handled an outage”)');
    }
  });

  it('quotes only the answer it judges: a follow-up’s notes never quote the answer before it', () => {
    const weak = 'um so there was an outage and I fixed it I guess';
    const found = engine.assessNow({
      question: 'What was the measurable outcome?',
      answer:
        'We restored the service in two hours and lost no orders. The next week I added alerts on the connection pool, and there has been no outage since.',
      earlier: [{ question: 'Tell me about a time you handled an outage.', answer: weak }],
    });
    for (const score of found.assessment) {
      expect(score.comment, score.dimension).not.toMatch(/there was an outage and|I fixed it I guess/);
      if (score.quote) expect(score.comment, score.dimension).toContain(score.quote.text);
    }
    for (const entry of found.star) {
      expect(entry.prompt ?? '', entry.part).not.toMatch(/there was an outage and|I fixed it/);
      for (const quote of entry.quotes) expect(weak).not.toContain(quote.text);
    }
  });

  it('never quotes an admission as evidence, and points to the earlier answer instead of quoting other words for it', async () => {
    const input = {
      question: 'What was the measurable outcome?',
      answer: 'I have not improved operational processes with data myself. I helped my manager collect the numbers for her weekly report.',
      requirements: '- Lead cross-functional projects to on-time delivery',
      earlier: [
        {
          question: 'Tell me about a time you had to lead cross-functional projects to on-time delivery.',
          answer: 'Our dispatch system went down during peak season. I called the design and IT leads together. We restored the service in two hours.',
        },
      ],
    };
    const found = engine.assessNow(input);
    for (const score of found.assessment) expect(score.comment, score.dimension).not.toContain('I have not improved operational processes');
    const impact = found.assessment.find((score) => score.dimension === 'impact');
    expect(impact?.comment).toMatch(/^What you said in your earlier answer/);
    expect(impact?.quote).toBeNull();
  });
});
