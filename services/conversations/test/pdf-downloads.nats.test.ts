import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_LIMITS, PDF_MESSAGES, pdfDocumentCutNote, pdfTurnCutNote } from '@story/proto';
import { pdfDownloadCounts } from '@story/testing/pdf-downloads';
import { flatText, pdfReader } from '@story/service-kit/pdf/pdf-reader.testing';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { standInSnippetOwners, tempDataDir } from '@story/testing/service-under-test';
import { coachingExchanges } from '@story/testing/fixtures/threads';
import { startTestService, type TestService } from './conversations-test-kit.ts';

const ALICE = 41;
const BOB = 42;
const ALICES_SNIPPET = 9;

/** A message of `length` characters of plain words, its number at its start and at its end (where a cut shows). */
function longMessage(number: number, length: number): string {
  const start = `[message ${number} starts] `;
  const end = ` [message ${number} ends]`;
  const words = 'I sat with each shift for a week and wrote down every step they took at the till, then we designed the replacement together. ';
  return `${start}${words.repeat(Math.ceil(length / words.length)).slice(0, length - start.length - end.length)}${end}`;
}

/**
 * PDF downloads cannot take the service down (issue 36, 3): a PDF is drawn on a worker thread, one
 * at a time per person, within caps on what it holds, and an unchanged document is made once.
 */
describe('PDF downloads of conversations, with a real nats-server', () => {
  const dir = tempDataDir('conversations-pdfs-');
  let nats: NatsServerHandle;
  let jobs: NatsConnection;
  let service: TestService;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  const reader = pdfReader('pdf-downloads');

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    jobs = await connect({ servers: nats.url });
    // Stands in for the jobs service: Alice's snippet is hers.
    standInSnippetOwners(jobs, (snippetId, userId) => snippetId === ALICES_SNIPPET && userId === ALICE);
    await jobs.flush();
    service = await startTestService({ natsUrl: nats.url, dataDir: join(dir, 'service') });
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => {
    reader.close();
    await service.close();
    await jobs.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
    service.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const save = async (headers: Record<string, string>, threadId: number, exchange: { userMessage: string; aiResponse: string }) =>
    expect((await inject('POST', '/api/conversations', headers, { threadId, ...exchange })).statusCode).toBe(201);
  const rename = async (headers: Record<string, string>, threadId: number, title: string) =>
    expect((await inject('PATCH', `/api/conversation-threads/${threadId}/title`, headers, { title })).statusCode).toBe(200);
  /** A thread of the person's, titled `title`, with these exchanges saved in order. */
  const threadWith = async (headers: Record<string, string>, exchanges: { userMessage: string; aiResponse: string }[], title: string) => {
    const threadId = (await inject('POST', '/api/conversation-threads', headers)).json<{ threadId: number }>().threadId;
    for (const exchange of exchanges) await save(headers, threadId, exchange);
    await rename(headers, threadId, title);
    return threadId;
  };
  const threadPdf = (headers: Record<string, string>, threadId: number, query = '') =>
    inject('GET', `/api/conversation-threads/${threadId}/pdf${query}`, headers);
  const textOf = (response: LightMyRequestResponse) => flatText(reader.text(reader.file(response.rawPayload)));

  const downloads = (kind: string) => pdfDownloadCounts(service.app, kind);

  it('answers another person while one asks for five PDFs of a huge thread at once: one is made, four are refused with 429, and the PDF is cut with notes', async () => {
    // 40 exchanges of 20,000 characters each side: over 300 pages drawn in full.
    const huge = Array.from({ length: 40 }, (_unused, index) => ({
      userMessage: longMessage(2 * index + 1, 20_000),
      aiResponse: longMessage(2 * index + 2, 20_000),
    }));
    const hugeThread = await threadWith(alice, huge, 'Everything I ever said');
    const bobsThread = await threadWith(bob, coachingExchanges(2), 'Bob’s short talk');
    expect(
      (
        await inject('POST', '/api/snippet-conversations', alice, {
          snippetId: ALICES_SNIPPET,
          conversationHistory: [{ userMessage: 'I led the rota change.', aiResponse: 'How did it go?', timestamp: '2024-05-01T09:00:00.000Z' }],
        })
      ).statusCode,
    ).toBe(201);

    const answered: string[] = [];
    const track = (who: string, request: Promise<LightMyRequestResponse>) =>
      request.then((response) => {
        answered.push(`${who} ${response.statusCode}`);
        return response;
      });
    // Five different PDFs of the same thread (paper and time zone), asked for at once.
    const queries = ['', '?paper=letter', '?timeZone=Europe/Paris', '?paper=letter&timeZone=America/New_York', '?timeZone=Asia/Tokyo'];
    let settled = 0;
    let fourAnswered: () => void = () => undefined;
    const fourOfAlices = new Promise<void>((resolve) => (fourAnswered = resolve));
    const alices = queries.map((query) =>
      track('alice', threadPdf(alice, hugeThread, query)).then((response) => {
        if (++settled === 4) fourAnswered();
        return response;
      }),
    );
    // Four of her five are answered while the fifth is still being made: then the others ask.
    await fourOfAlices;
    const bobsList = await track('bob-list', inject('GET', '/api/conversation-threads', bob));
    const alicesPractice = await track('alice-practice', inject('GET', `/api/snippet-conversations/${ALICES_SNIPPET}/pdf`, alice));
    const bobsPdf = await track('bob-pdf', threadPdf(bob, bobsThread));
    const alicesAnswers = await Promise.all(alices);

    // Bob's list came while Alice's PDF was still being made: her rendering did not hold the service.
    expect(bobsList.statusCode).toBe(200);
    expect(bobsList.json<{ title: string }[]>().map((thread) => thread.title)).toEqual(['Bob’s short talk']);
    expect(answered.indexOf('bob-list 200')).toBeLessThan(answered.indexOf('alice 200'));
    // One PDF at a time per person: her practice PDF waits for her thread's, whichever kind it is.
    expect([alicesPractice.statusCode, alicesPractice.json()]).toEqual([429, { message: PDF_MESSAGES.oneAtATime }]);
    expect(answered.indexOf('alice-practice 429')).toBeLessThan(answered.indexOf('alice 200'));
    expect(alicesPractice.headers['retry-after']).toBeDefined();
    // Bob's own PDF is made meanwhile: Alice holds one rendering thread, not all of them.
    expect(bobsPdf.statusCode).toBe(200);
    expect(textOf(bobsPdf)).toContain('Bob’s short talk');

    expect(alicesAnswers.map((response) => response.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    for (const refused of alicesAnswers.filter((response) => response.statusCode === 429)) {
      expect(refused.json()).toEqual({ message: PDF_MESSAGES.oneAtATime });
    }
    // The PDF made is cut: each long message with a note, the document after its last turn that fits.
    const made = alicesAnswers.find((response) => response.statusCode === 200);
    if (!made) throw new Error('no PDF was made');
    const file = reader.file(made.rawPayload);
    const text = flatText(reader.text(file));
    expect(text).toContain('Everything I ever said');
    expect(text).toContain('[message 1 starts]');
    expect(text).not.toContain('[message 1 ends]');
    expect(text).toContain(flatText(pdfTurnCutNote()));
    expect(text).not.toContain('[message 80 starts]');
    expect(flatText(reader.text(file, reader.pages(file)))).toContain(flatText(pdfDocumentCutNote()));
    expect(reader.pages(file)).toBeLessThanOrEqual(PDF_LIMITS.pages + 4);

    // Once hers is made, her next one is made too.
    const next = await inject('GET', `/api/snippet-conversations/${ALICES_SNIPPET}/pdf`, alice);
    expect(next.statusCode).toBe(200);
    expect(textOf(next)).toContain('I led the rota change.');
  }, 180_000);

  it('makes an unchanged thread’s PDF once: the second download is the first’s bytes; a new message, a new title or other paper makes it anew', async () => {
    const threadId = await threadWith(alice, coachingExchanges(3), 'Made once');
    const before = await downloads('thread');
    const first = await threadPdf(alice, threadId);
    const second = await threadPdf(alice, threadId);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await downloads('thread')).toEqual({ ...before, rendered: before.rendered + 1, cached: before.cached + 1 });

    await save(alice, threadId, { userMessage: 'One more thing I remembered.', aiResponse: 'Tell me about it.' });
    const afterMessage = await threadPdf(alice, threadId);
    expect(textOf(afterMessage)).toContain('One more thing I remembered.');
    await rename(alice, threadId, 'Made twice');
    const afterRename = await threadPdf(alice, threadId);
    expect(textOf(afterRename)).toContain('Made twice');
    const letter = await threadPdf(alice, threadId, '?paper=letter');
    expect(reader.info(reader.file(letter.rawPayload))['Page size']).toMatch(/^612 x 792 pts/);
    expect(await downloads('thread')).toEqual({ ...before, rendered: before.rendered + 4, cached: before.cached + 1 });
  });

  it('never gives one person’s PDF to another: the same words in Bob’s thread are made for Bob, and Alice’s thread is 404 to him', async () => {
    const exchanges = coachingExchanges(2);
    const alicesThread = await threadWith(alice, exchanges, 'Twins');
    expect((await threadPdf(alice, alicesThread)).statusCode).toBe(200);
    const bobsThread = await threadWith(bob, exchanges, 'Twins');
    const before = await downloads('thread');
    expect((await threadPdf(bob, bobsThread)).statusCode).toBe(200);
    expect(await downloads('thread')).toEqual({ ...before, rendered: before.rendered + 1 });
    const stranger = await threadPdf(bob, alicesThread);
    expect([stranger.statusCode, stranger.json()]).toEqual([404, { message: 'Conversation thread not found' }]);
  });

  it('makes a PDF once for a double click: two same downloads at once get the same bytes from one rendering', async () => {
    const threadId = await threadWith(alice, coachingExchanges(4), 'Double click');
    const before = await downloads('thread');
    const [one, two] = await Promise.all([threadPdf(alice, threadId), threadPdf(alice, threadId)]);
    expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
    expect(two?.rawPayload.equals(one?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    // The second joined the first while it was being made (or, had the first been made already, came from the cache).
    const after = await downloads('thread');
    expect(after.rendered).toBe(before.rendered + 1);
    expect(after.joined + after.cached).toBe(before.joined + before.cached + 1);
  });
});
