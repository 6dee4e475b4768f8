import { describe, expect, it } from 'vitest';
import { converse, questions } from './coach-test-kit.ts';
import { coachTurn } from './offline-coach.model.ts';
import { extractRequirements, showsRequirement } from '@story/language';

/** A snippet as a person saves it from a cleaned description (markdown bullets under a heading). */
const SNIPPET = [
  "## What you'll do",
  '',
  '- Own the reliability of our ingestion pipeline',
  '- Mentor two to three engineers',
  '- Explain technical trade-offs to non-technical stakeholders',
].join('\n');

describe('offline coach: practising a saved snippet', () => {
  it('asks about the snippet’s own requirements, one question per turn', () => {
    const { replies } = converse(['Hello, ready when you are'], SNIPPET);
    expect(replies[0]).toContain('Own the reliability of our ingestion pipeline');
    expect(replies[0]).toMatch(/tell me about a time you had to own the reliability of our ingestion pipeline\.$/);
    expect(questions(replies[0] ?? '')).toHaveLength(0);
  });

  it('asks what the person did themselves when the answer only says what “we” did', () => {
    const { replies } = converse(['Hi', 'At my last company we migrated the ingestion pipeline to Kafka and we reduced dropped events by 90%.'], SNIPPET);
    expect(questions(replies[1] ?? '')).toEqual([expect.stringMatching(/what did you do yourself|which part of that was yours/i)]);
  });

  it('asks how a complete answer shows the requirement when it does not yet', () => {
    const { replies } = converse(['Hi', 'I organised our office move to a new building and I finished it a week early, under budget.'], SNIPPET);
    const [question] = questions(replies[1] ?? '');
    expect(question).toMatch(/Own the reliability of our ingestion pipeline/);
    expect(question).toMatch(/How does that example show|convince an interviewer/);
  });

  it('moves on to the next requirement once the answer shows it, with actions and a result', () => {
    const { replies } = converse(
      ['Hi', 'At my last job I rebuilt the monitoring for our ingestion pipeline and I added retries, and the pipeline reached 99.95% reliability.'],
      SNIPPET,
    );
    expect(replies[1]).toContain('Tell me about a time you had to mentor two to three engineers.');
    expect(questions(replies[1] ?? '')).toHaveLength(0);
  });

  it('recognises an answer about a requirement told in other words', () => {
    const [, , explain] = extractRequirements(SNIPPET);
    if (!explain) throw new Error('no third requirement');
    expect(showsRequirement('I walked our sales director through the delay with a one-page plan and she agreed.', explain)).toBe(true);
    expect(showsRequirement('I repainted the kitchen over a weekend and it looked great.', explain)).toBe(false);
  });
});

describe('requirements read from a snippet written in markdown', () => {
  it('skips markdown headings and reads bold labels and escapes as plain words', () => {
    const requirements = extractRequirements('## What we are looking for\n\n- **Kubernetes:** run production clusters\n- Design APIs for partners \\(REST\\)');
    expect(requirements.map((r) => r.label)).toEqual(['Kubernetes: run production clusters', 'Design APIs for partners (REST)']);
  });
});

describe('offline coach: practising, the steps taken are not the outcome', () => {
  it('asks for the result of an answer that tells only steps, without calling a step the outcome', () => {
    const { replies } = converse(
      [
        'Hi',
        'At my last job the ingestion pipeline kept timing out, so I rolled back the deploy, found the pool was exhausted, raised the pool size and added a circuit breaker.',
      ],
      SNIPPET,
    );
    expect(replies[1]).not.toMatch(/outcome was|how it landed|where it ended up|that is a measurable outcome|makes the result concrete/);
    expect(questions(replies[1] ?? '')[0]).toMatch(/outcome|how did it end|what changed/i);
  });
});

describe('offline coach: practising, what is not an answer', () => {
  const OPENING = converse(['Hi'], SNIPPET).replies[0] ?? '';
  const QUESTION = 'tell me about a time you had to own the reliability of our ingestion pipeline.';
  const afterOpening = (text: string) => coachTurn({ text, history: [{ role: 'assistant', content: OPENING }], context: SNIPPET });
  /** The coach's turn on `text` after the opening, the person's `said` and the coach's `replied`. */
  const afterExchange = (said: string, replied: string, text: string) =>
    coachTurn({
      text,
      history: [
        { role: 'assistant', content: OPENING },
        { role: 'user', content: said },
        { role: 'assistant', content: replied },
      ],
      context: SNIPPET,
    });

  it('asks its question again after a hello or an "I’m ready", and asks nothing else', () => {
    for (const text of ['Hi, I’m ready', 'Hello!', 'ok let’s start', 'Ready when you are.']) {
      const reply = afterOpening(text);
      expect(reply.toLowerCase(), text).toContain(QUESTION);
      expect(reply, text).not.toMatch(/what exactly did you do|measurable outcome|set the scene|Mentor two to three engineers/i);
    }
  });

  it('repeats the question word for word when asked to', () => {
    for (const text of ['Can you repeat the question?', 'Sorry, what was the question?', 'I didn’t catch that.']) {
      const reply = afterOpening(text);
      expect(reply, text).toMatch(
        /^(Of course\.|Sure — here it is again\.|No problem, here is the question again\.) Tell me about a time you had to own the reliability of our ingestion pipeline\.$/,
      );
    }
    const followUp = 'You said “I rolled back the deploy” — that is the part that shows what you bring. What was the measurable outcome?';
    const again = afterExchange('I rolled back the deploy.', followUp, 'Could you say that again, please?');
    expect(again).toMatch(/What was the measurable outcome\?$/);
  });

  it('waits kindly when asked for a moment, then takes the next words as the answer to the same question', () => {
    const wait = afterOpening('Give me a second to think.');
    expect(wait).toMatch(/take your time|no rush|take a moment/i);
    expect(questions(wait)).toEqual([]);
    const answer = afterExchange('Give me a second to think.', wait, 'At my last job I rebuilt the monitoring for our ingestion pipeline and I added retries.');
    expect(questions(answer)[0]).toMatch(/outcome|how did it end|what changed/i);
  });

  it('answers a question about the question, then asks it again', () => {
    const reply = afterOpening('What do you mean by reliability? Does it have to be from work?');
    expect(reply).toMatch(/Any real example works|fits your experience best/);
    expect(reply.toLowerCase()).toContain(QUESTION);
  });

  it('helps someone who does not know what to talk about, then asks the question again', () => {
    const reply = afterOpening('I don’t know what to talk about.');
    expect(reply).toMatch(/Any real example works|Think of one project/);
    expect(reply.toLowerCase()).toContain(QUESTION);
  });

  it('does not take "Can you repeat the question?" as a follow-up asked, so an answer after it still gets its follow-ups', () => {
    const { replies } = converse(
      ['Hi', 'Can you repeat the question?', 'At my last job I owned the ingestion pipeline and I rebuilt its monitoring.'],
      SNIPPET,
    );
    expect(replies[1]).toMatch(/Tell me about a time you had to own the reliability of our ingestion pipeline\.$/);
    expect(questions(replies[2] ?? '')[0]).toMatch(/outcome|how did it end|what changed/i);
  });
});
