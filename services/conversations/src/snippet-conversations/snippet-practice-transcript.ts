import { dateRange, type Transcript } from '@story/service-kit/pdf';
import type { SnippetConversationRecord } from './snippet-conversation.repository.ts';

/** The requirement as one line of a title: its list mark dropped, its first line, at most 80 characters. */
function requirementLine(snippetText: string): string {
  const line =
    snippetText
      .trim()
      .split('\n')[0]
      ?.replace(/^[-*•·]\s*/, '')
      .trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A snippet's interview practice as its PDF shows it: the requirement at the top, then each session,
 * oldest first, its exchanges in order (the person's answer, then what the interviewer said to it).
 */
export function snippetPracticeTranscript(snippetText: string, sessions: readonly SnippetConversationRecord[], timeZone: string | undefined): Transcript {
  const oldestFirst = [...sessions].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  const exchanges = oldestFirst.flatMap((session) => session.conversationHistory);
  const range = dateRange(
    exchanges.map((exchange) => exchange.timestamp),
    timeZone,
  );
  const requirement = requirementLine(snippetText);
  return {
    title: requirement ? `Interview practice: ${requirement}` : 'Interview practice',
    details: [
      ['Interview practice on a job requirement', range, counted(oldestFirst.length, 'session', 'sessions'), counted(exchanges.length, 'answer', 'answers')]
        .filter(Boolean)
        .join('  ·  '),
    ],
    quote: { label: 'The requirement', text: snippetText.trim() },
    sections: oldestFirst.map((session, index) => ({
      heading: `Session ${index + 1}`,
      turns: session.conversationHistory.flatMap((exchange) => [
        { side: 'person' as const, speaker: 'You', at: exchange.timestamp, text: exchange.userMessage },
        { side: 'other' as const, speaker: 'Interviewer', at: exchange.timestamp, text: exchange.aiResponse },
      ]),
    })),
    empty: 'No practice has been saved for this requirement yet.',
  };
}
