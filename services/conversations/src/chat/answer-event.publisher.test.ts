import { EVENT_SUBJECTS, answerGivenEventSchema } from '@story/proto';
import { silentLog } from '@story/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteConversationsStorage, type ConversationsStorage } from '../storage/conversations-storage.ts';
import { AnswerEventPublisher, answerKind, asksForWholeAnswer, earlierStoryTurns, opensStory, questionAnswered } from './answer-event.publisher.ts';
import { INTERVIEW_EXAMPLE_PROMPTS, INTERVIEW_FOLLOW_UPS, INTERVIEW_RELEVANCE_FOLLOW_UPS, PRACTICE_AGAIN_QUESTIONS } from './offline-coach/coach-phrases.ts';
import { extractRequirements } from '@story/language';

const silent = silentLog;

describe('answer events', () => {
  let storage: ConversationsStorage;
  let notified = 0;
  let answers: AnswerEventPublisher;
  const at = new Date('2025-05-01T10:00:00.000Z');

  beforeAll(() => {
    storage = openSqliteConversationsStorage(':memory:');
    answers = new AnswerEventPublisher({ events: storage.events, onEventsWritten: () => notified++, clock: () => at });
  });
  afterAll(async () => storage.close());

  it('records a spoken answer with the word timings and length its transcription gave, and wakes the relay', async () => {
    const delivery = {
      wordTimings: [
        { word: 'i', start: 0.2, end: 0.4 },
        { word: 'rebuilt', start: 0.5, end: 0.9 },
      ],
      durationSeconds: 1.2,
    };
    const answerId = await answers.record(
      5,
      { text: 'I rebuilt', conversationHistory: [{ role: 'assistant', content: ' What did you do? ' }], threadId: 3 },
      { source: 'spoken', delivery },
      silent,
    );
    const [entry] = (await storage.outbox.pendingEvents(10)).filter((pending) => pending.subject === EVENT_SUBJECTS.answerGiven);
    expect(answerGivenEventSchema.parse(JSON.parse(entry?.payload ?? '{}'))).toEqual({
      answerId,
      userId: 5,
      threadId: 3,
      question: 'What did you do?',
      answer: 'I rebuilt',
      kind: 'story',
      source: 'spoken',
      delivery,
      answeredAt: at.toISOString(),
    });
    expect(notified).toBe(1);
  });

  it('takes the coach’s last reply as the question, skipping empty turns', () => {
    expect(questionAnswered([])).toBe('');
    expect(
      questionAnswered([
        { role: 'assistant', content: 'First question?' },
        { role: 'user', content: 'An answer' },
        { role: 'assistant', content: 'Second question?' },
        { role: 'assistant', content: '   ' },
        { role: 'user', content: 'More' },
      ]),
    ).toBe('Second question?');
  });

  it('tells a story thread’s turn from an interview answer', () => {
    expect(answerKind({})).toBe('story');
    expect(answerKind({ context: '  ' })).toBe('story');
    expect(answerKind({ context: '- Lead teams' })).toBe('practice');
    expect(answerKind({ snippetId: 4 })).toBe('practice');
  });

  it('tells the interviewer’s questions that ask for a whole answer from its follow-ups', () => {
    const [requirement] = extractRequirements('- Lead cross-functional teams');
    if (!requirement) throw new Error('no requirement');
    const whole = [
      requirement.question,
      requirement.again,
      ...PRACTICE_AGAIN_QUESTIONS.map((line) => line(requirement.core)),
      ...INTERVIEW_EXAMPLE_PROMPTS,
      'Can you tell me about a time when you led a team?',
    ];
    for (const question of whole) expect(asksForWholeAnswer(`Good. ${question}`), question).toBe(true);
    const followUps = [
      ...Object.values(INTERVIEW_FOLLOW_UPS).flat(),
      ...INTERVIEW_RELEVANCE_FOLLOW_UPS.map((line) => line(requirement.label)),
      'What was the impact of that?',
    ];
    for (const question of followUps) expect(asksForWholeAnswer(`“I rolled back the deploy” — good start. ${question}`), question).toBe(false);
  });

  it('gives a story turn the story’s earlier turns since the last summary, each with its question, what was not an answer left out', () => {
    const history = [
      { role: 'user' as const, content: 'I shipped the old billing system.' },
      { role: 'assistant' as const, content: 'Here is the story as I heard it. What would you like to explore next?' },
      { role: 'user' as const, content: 'Hi!' },
      { role: 'assistant' as const, content: 'Hello! What is a moment from your work or life that you would like to tell me about?' },
      { role: 'user' as const, content: 'At my last job our checkout API kept timing out.' },
      { role: 'assistant' as const, content: 'What did you do first?' },
      { role: 'user' as const, content: 'Can you repeat the question?' },
      { role: 'assistant' as const, content: 'Of course. What did you do first?' },
      { role: 'user' as const, content: 'I rolled back the deploy.' },
      { role: 'assistant' as const, content: 'How did it turn out in the end?' },
    ];
    expect(earlierStoryTurns(history)).toEqual([
      {
        question: 'Hello! What is a moment from your work or life that you would like to tell me about?',
        answer: 'At my last job our checkout API kept timing out.',
      },
      { question: 'Of course. What did you do first?', answer: 'I rolled back the deploy.' },
    ]);
    expect(earlierStoryTurns([])).toEqual([]);
  });

  it('records a story turn with the story so far; in practice, an answer to a follow-up with the answer it follows up, and a whole answer alone', async () => {
    const history = [
      { role: 'assistant' as const, content: 'What is a moment you would like to tell me about?' },
      { role: 'user' as const, content: 'At my last job our checkout API kept timing out.' },
      { role: 'assistant' as const, content: 'What did you do first?' },
    ];
    const storyId = await answers.record(6, { text: 'I rolled back the deploy.', conversationHistory: history, threadId: 4 }, { source: 'typed' }, silent);
    const practiceHistory = [
      { role: 'assistant' as const, content: "Let's practise. First, tell me about a time you had to own reliability." },
      { role: 'user' as const, content: 'Can you repeat the question?' },
      { role: 'assistant' as const, content: 'Of course. Tell me about a time you had to own reliability.' },
      { role: 'user' as const, content: 'At my last job I rolled back a bad deploy.' },
      { role: 'assistant' as const, content: '“I rolled back a bad deploy” — good start. What was the measurable outcome?' },
    ];
    const followUpId = await answers.record(
      6,
      { text: 'Errors dropped by 80%.', conversationHistory: practiceHistory, context: '- Own reliability' },
      { source: 'typed' },
      silent,
    );
    const wholeId = await answers.record(
      6,
      { text: 'At my last job I rolled back a bad deploy.', conversationHistory: practiceHistory.slice(0, 3), context: '- Own reliability' },
      { source: 'typed' },
      silent,
    );
    const events = (await storage.outbox.pendingEvents(100)).map((entry) => answerGivenEventSchema.parse(JSON.parse(entry.payload)));
    expect(events.find((event) => event.answerId === storyId)).toMatchObject({
      kind: 'story',
      earlierTurns: [{ question: 'What is a moment you would like to tell me about?', answer: 'At my last job our checkout API kept timing out.' }],
    });
    expect(events.find((event) => event.answerId === followUpId)).toMatchObject({
      kind: 'practice',
      earlierTurns: [{ question: 'Of course. Tell me about a time you had to own reliability.', answer: 'At my last job I rolled back a bad deploy.' }],
    });
    const whole = events.find((event) => event.answerId === wholeId);
    expect(whole?.kind).toBe('practice');
    expect(whole).not.toHaveProperty('earlierTurns');
  });

  it('gives no answer id, and no error, when the answer cannot be recorded', async () => {
    const failing = new AnswerEventPublisher({
      events: { write: async () => Promise.reject(new Error('disk full')) },
      onEventsWritten: () => undefined,
      clock: () => at,
    });
    expect(await failing.record(5, { text: 'hi', conversationHistory: [] }, { source: 'typed' }, silent)).toBeUndefined();
  });
});

describe('a story’s first reply to the coach’s open invitation (issue 38, 3)', () => {
  const opening = (question: string, extra: { context?: string } = {}) => ({
    conversationHistory: [{ role: 'assistant' as const, content: question }],
    ...extra,
  });

  it('opens a story and is not recorded as an answer to grade', () => {
    expect(opensStory(opening('Welcome back! What story do you tell friends about your work?'))).toBe(true);
    expect(opensStory(opening('What is a moment from your work or life that you would like to tell me about?'))).toBe(true);
  });

  it('is an answer when the coach asked an interview question, in practice, or later in the story', () => {
    expect(opensStory(opening('Tell me about a time you handled an outage.'))).toBe(false);
    expect(opensStory(opening('What story do you tell friends about your work?', { context: '- Incident response' }))).toBe(false);
    expect(
      opensStory({
        conversationHistory: [
          { role: 'assistant', content: 'What story do you tell friends about your work?' },
          { role: 'user', content: 'The night our payment service went down and I rolled back the release.' },
          { role: 'assistant', content: 'Which experience would you like to capture next?' },
        ],
      }),
    ).toBe(false);
  });
});
