import { JOB_MESSAGES } from '@story/proto';
import { notFound } from '@story/service-kit';
import { StandInPlans, startServiceForTest, type ServiceTestOptions, type ServiceUnderTest } from '@story/testing/service-under-test';
import { UNTIMED_PDF_DEADLINE_MS } from '@story/service-kit/pdf/pdf-renderer';
import { conversationsService, type ConversationsDeps } from '../src/app.ts';
import type { ConversationsConfig } from '../src/config.ts';
import type { SnippetOwners } from '../src/snippet-conversations/snippet-conversation.service.ts';

export type TestService = ServiceUnderTest<ConversationsConfig, ConversationsDeps>;

/**
 * The real conversations service (SQLite in a temporary folder) as `main.ts` builds it; the purge job
 * is off unless asked for, and plans give everyone everything unless the test gives its own. PDFs
 * have no deadline to speak of: tests on a shared machine are not timed (service-kit's PdfRenderer
 * tests end a PDF at its deadline with a drawing that never ends).
 */
export function startTestService(options: ServiceTestOptions<ConversationsDeps> = {}): Promise<TestService> {
  return startServiceForTest(conversationsService, {
    ...options,
    env: { PDF_RENDER_DEADLINE_MS: String(UNTIMED_PDF_DEADLINE_MS), ...options.env },
    deps: { runPurgeJob: false, plans: new StandInPlans(), ...options.deps },
  });
}

/**
 * Answers "whose snippet is it?" as the jobs service would, for tests without NATS (the NATS tests
 * ask a stand-in responder): `owned` maps a user id to their snippet ids; any other is 404.
 */
export function snippetsOwnedBy(owned: Record<number, readonly number[]>): SnippetOwners {
  return {
    async requireOwned(snippetId, userId) {
      if (!owned[userId]?.includes(snippetId)) throw notFound(JOB_MESSAGES.snippetNotFound);
      return { snippetText: '- Lead teams', jobDescriptionId: 1 };
    },
  };
}

/** An MPEG-1 Layer III frame header: 128 kbit/s, 44.1 kHz, mono, no padding; each frame 417 bytes. */
const MP3_FRAME_HEADER = [0xff, 0xfb, 0x90, 0xc0];
const MP3_FRAME_BYTES = 417;

/**
 * `bytes` bytes of MP3 as a save must carry (at least two whole frames): frames of the header above
 * filled with `fill`, the last one cut where the size says. The fill tells replies apart.
 */
export function mp3Of(bytes: number, fill = 0): Buffer {
  if (bytes < 2 * MP3_FRAME_BYTES) throw new Error(`an MP3 fixture needs two whole frames (${2 * MP3_FRAME_BYTES} bytes), not ${bytes}`);
  const audio = Buffer.alloc(bytes, fill);
  for (let at = 0; at < bytes; at += MP3_FRAME_BYTES) audio.set(MP3_FRAME_HEADER.slice(0, bytes - at), at);
  return audio;
}

/** A clock that moves `stepMs` per reading from `start`, so that "newest first" and the times printed are well defined. */
export function steppingClock(start = Date.parse('2024-05-01T10:00:00.000Z'), stepMs = 1000): () => Date {
  let now = start;
  return () => new Date((now += stepMs));
}
