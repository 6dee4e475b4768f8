import type { MessageRecord, ThreadRecord } from './thread.repository.ts';

/** Exchanges of a long coaching conversation, for the PDF's tests and bench: lengths vary, one in ten runs long. */

const PERSON = [
  'I led the migration from our café’s old till system to a cloud one — “the big switch”, we called it.',
  'The hardest part was getting the night shift on board; they had built their own workarounds.',
  'We measured success by queue times, which dropped from about nine minutes to three.',
  'Honestly, I first tried to do it all myself and that didn’t work.',
];
const COACH = [
  'That’s a strong opening. What did you do first, and why that before anything else?',
  'Good. Can you say what the night shift’s workarounds were, and how you learnt about them?',
  'Numbers like that land well. What would you do differently next time?',
  'Say more about the moment you decided to ask for help: who did you go to?',
];
const LONG =
  'Let me walk you through it step by step. First I sat with each shift for a week and wrote down every step they took at the till, including the ones nobody had told me about. ' +
  'Then I grouped what I saw into things the new system did already, things it could do with a setting, and things we would have to change how we work for. ' +
  'The third group was the hard one, so I asked the people who did those steps to help me design the replacement, which meant they owned it rather than me imposing it. ';

/** The `count` exchanges of the conversation (the person's words and the coach's reply), the same every run. */
export function coachingExchanges(count: number): { userMessage: string; aiResponse: string }[] {
  return Array.from({ length: count }, (_unused, index) => ({
    userMessage: `${index + 1}. ${PERSON[index % PERSON.length] ?? ''}${index % 10 === 9 ? ` ${LONG.repeat(2)}` : ''}`,
    aiResponse: `${COACH[index % COACH.length] ?? ''}${index % 10 === 4 ? ` ${LONG}` : ''}`,
  }));
}

/** A thread of `count` saved pairs, one every ten minutes from 1 May 2024 09:00 UTC, as the repository gives them. */
export function coachingThread(count: number): { thread: ThreadRecord; messages: MessageRecord[] } {
  const start = Date.parse('2024-05-01T09:00:00.000Z');
  const at = (index: number) => new Date(start + index * 10 * 60_000).toISOString();
  const messages = coachingExchanges(count).map((exchange, index) => ({
    id: index + 1,
    threadId: 1,
    userId: 1,
    ...exchange,
    audioBytes: null,
    answerId: null,
    createdAt: at(index),
  }));
  const thread = {
    id: 1,
    userId: 1,
    title: 'Leading the café’s “big switch”',
    titleSource: 'person' as const,
    createdAt: at(0),
    lastUpdated: at(count - 1),
    deletedAt: null,
  };
  return { thread, messages };
}
