import type { Transcript } from '@story/service-kit/pdf';
import { dateRange } from '@story/service-kit/pdf';
import type { MessageRecord, ThreadRecord } from './thread.repository.ts';

const exchanges = (count: number) => `${count} ${count === 1 ? 'exchange' : 'exchanges'}`;

/** A thread as its PDF shows it: the title, what it is and its dates, then each saved pair (the person's words, the coach's reply). */
export function threadTranscript(thread: ThreadRecord, messages: readonly MessageRecord[], timeZone: string | undefined): Transcript {
  const range = dateRange(
    messages.map((message) => message.createdAt),
    timeZone,
  );
  const about = ['Conversation with your Story coach', range, exchanges(messages.length)].filter(Boolean).join('  ·  ');
  return {
    title: thread.title,
    details: thread.deletedAt === null ? [about] : [about, 'In deleted items'],
    quote: null,
    sections: [
      {
        heading: null,
        turns: messages.flatMap((message) => [
          { side: 'person' as const, speaker: 'You', at: message.createdAt, text: message.userMessage },
          { side: 'other' as const, speaker: 'Coach', at: message.createdAt, text: message.aiResponse },
        ]),
      },
    ],
    empty: 'Nothing has been saved to this conversation yet.',
  };
}
