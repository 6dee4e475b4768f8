import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDocumentCutNote, pdfTurnCutNote } from '@story/proto';
import { flatText, missingInOrder, pdfReader } from '@story/service-kit/pdf/pdf-reader.testing';
import { startTestService, steppingClock, type TestService } from '../../test/conversations-test-kit.ts';
import { coachingExchanges } from '@story/testing/fixtures/threads';

const ALICE = 101;
const BOB = 202;
const TITLE = 'Café talk: the “big switch” I’d lead again';

describe('a conversation thread as a PDF (GET /api/conversation-threads/{id}/pdf)', () => {
  let service: TestService;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  const reader = pdfReader('thread-pdf');

  beforeAll(async () => {
    service = await startTestService({ deps: { clock: steppingClock(Date.parse('2024-05-01T10:00:00.000Z'), 60_000) } });
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => {
    reader.close();
    await service.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    service.app.inject({ method, url, headers, payload });
  /** A thread of the person's, titled `title`, with these exchanges saved in order. */
  const threadWith = async (headers: Record<string, string>, exchanges: { userMessage: string; aiResponse: string }[], title = TITLE) => {
    const threadId = (await inject('POST', '/api/conversation-threads', headers)).json<{ threadId: number }>().threadId;
    for (const exchange of exchanges) expect((await inject('POST', '/api/conversations', headers, { threadId, ...exchange })).statusCode).toBe(201);
    expect((await inject('PATCH', `/api/conversation-threads/${threadId}/title`, headers, { title })).statusCode).toBe(200);
    return threadId;
  };
  const pdfOf = async (headers: Record<string, string>, threadId: number, query = '') => {
    const response = await inject('GET', `/api/conversation-threads/${threadId}/pdf${query}`, headers);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return { response, file: reader.file(response.rawPayload) };
  };

  it('gives the person’s own thread as a PDF: title, dates, both speakers’ words in order, Unicode intact', async () => {
    const threadId = await threadWith(alice, [
      { userMessage: 'I moved our café’s till to the cloud — “the big switch”.', aiResponse: 'What did you do first, and why?' },
      { userMessage: 'I sat with each shift for a week, naïvely thinking it’d take two days.', aiResponse: 'Good. What did you learn there?' },
    ]);
    const { response, file } = await pdfOf(alice, threadId);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Cafe-talk-the-big-switch-Id-lead-again.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = flatText(reader.text(file));
    const inOrder = [
      TITLE,
      '1 May 2024',
      '2 exchanges',
      'WEDNESDAY, 1 MAY 2024',
      'You · 10:0',
      'I moved our café’s till to the cloud — “the big switch”.',
      'Coach',
      'What did you do first, and why?',
      'You',
      'I sat with each shift for a week, naïvely thinking it’d take two days.',
      'Coach',
      'Good. What did you learn there?',
      'Page 1 of 1',
    ];
    expect(missingInOrder(text, inOrder)).toBeUndefined();
    expect(reader.info(file)['Title']).toBe(TITLE);
    expect(reader.fonts(file)).toMatch(/SourceSans3-Regular/);
  });

  it('gives times in the person’s time zone when asked, else in UTC', async () => {
    const threadId = await threadWith(alice, [{ userMessage: 'When was this?', aiResponse: 'Early.' }], 'Time zones');
    const utc = flatText(reader.text((await pdfOf(alice, threadId)).file));
    const time = /You · (\d\d):(\d\d) UTC/.exec(utc);
    expect(time, utc).not.toBeNull();
    const newYork = flatText(reader.text((await pdfOf(alice, threadId, '?timeZone=America/New_York')).file));
    // New York is four hours behind UTC in May.
    expect(newYork).toContain(`You · ${String(Number(time?.[1]) - 4).padStart(2, '0')}:${time?.[2]} When was this?`);
  });

  it('prints on A4 or Letter', async () => {
    const threadId = await threadWith(alice, coachingExchanges(2), 'Paper');
    expect(reader.info((await pdfOf(alice, threadId, '?paper=a4')).file)['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts/);
    expect(reader.info((await pdfOf(alice, threadId, '?paper=letter')).file)['Page size']).toMatch(/^612 x 792 pts/);
    expect(reader.info((await pdfOf(alice, threadId)).file)['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts/);
  });

  it('answers 404 for another person’s thread or an unknown one, 400 for a bad id, paper or time zone', async () => {
    const bobsThread = await threadWith(bob, [{ userMessage: 'Bob’s secret', aiResponse: 'Noted' }], 'Bob’s');
    for (const url of [`/api/conversation-threads/${bobsThread}/pdf`, '/api/conversation-threads/999999/pdf']) {
      const response = await inject('GET', url, alice);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Conversation thread not found' });
    }
    for (const bad of ['abc', '0', '1.5']) {
      const response = await inject('GET', `/api/conversation-threads/${bad}/pdf`, alice);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^Id /);
    }
    const paper = await inject('GET', `/api/conversation-threads/${bobsThread}/pdf?paper=a3`, bob);
    expect(paper.statusCode).toBe(400);
    expect(paper.json()).toEqual({ message: 'paper must be a4 or letter' });
    const zone = await inject('GET', `/api/conversation-threads/${bobsThread}/pdf?timeZone=Mars/Olympus`, bob);
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toEqual({ message: 'timeZone must be a time zone such as Europe/Paris' });
    expect((await inject('GET', '/api/conversation-threads/1/pdf', {})).statusCode).toBe(401);
  });

  it('gives a deleted thread’s PDF, as its messages are given, saying where it is', async () => {
    const threadId = await threadWith(alice, [{ userMessage: 'Binned words', aiResponse: 'Still yours' }], 'In the bin');
    expect((await inject('DELETE', `/api/conversation-threads/${threadId}`, alice)).statusCode).toBe(200);
    const text = flatText(reader.text((await pdfOf(alice, threadId)).file));
    expect(text).toContain('In deleted items');
    expect(text).toContain('Binned words');
  });

  it('lays a 200-exchange thread over many pages, each with its footer, and renders the first and last', async () => {
    const exchanges = coachingExchanges(200);
    const threadId = await threadWith(alice, exchanges, 'A long talk');
    const { file } = await pdfOf(alice, threadId, '?paper=letter');
    const pages = reader.pages(file);
    expect(pages).toBeGreaterThan(10);
    const text = flatText(reader.text(file));
    for (const exchange of [exchanges[0], exchanges[9], exchanges[199]]) {
      expect(text).toContain(flatText(exchange?.userMessage ?? '?').slice(0, 120));
      expect(text).toContain(flatText(exchange?.aiResponse ?? '?').slice(0, 80));
    }
    // A real person's long thread meets none of the caps on what a PDF holds.
    expect(text).not.toContain(flatText(pdfTurnCutNote()));
    expect(text).not.toContain(flatText(pdfDocumentCutNote()));
    const last = flatText(reader.text(file, pages));
    expect(last).toContain(`A long talk Page ${pages} of ${pages}`);
    expect(last).toContain('200. ');
    const pictures = reader.pictures(file, 'long', { dpi: 50, first: 1, last: 1 }).concat(reader.pictures(file, 'end', { dpi: 50, first: pages, last: pages }));
    expect(pictures).toHaveLength(2);
  });
});
