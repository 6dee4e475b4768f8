import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES } from '@story/proto';
import { notFound } from '@story/service-kit';
import { flatText, missingInOrder, pdfReader } from '@story/service-kit/pdf/pdf-reader.testing';
import { startTestService, type TestService } from '../../test/conversations-test-kit.ts';

const ALICE = 101;
const BOB = 202;
const ALICES_SNIPPET = 7;
const BOBS_SNIPPET = 8;
const REQUIREMENT = '- Lead cross-functional teams through “ambiguous” change — café-scale to enterprise';

describe('a snippet’s interview practice as a PDF (GET /api/snippet-conversations/{snippetId}/pdf)', () => {
  let service: TestService;
  let alice: Record<string, string>;
  const reader = pdfReader('snippet-practice-pdf');

  beforeAll(async () => {
    const owned: Record<number, number> = { [ALICES_SNIPPET]: ALICE, [BOBS_SNIPPET]: BOB };
    service = await startTestService({
      deps: {
        snippetOwners: {
          async requireOwned(snippetId, userId) {
            if (owned[snippetId] !== userId) throw notFound(JOB_MESSAGES.snippetNotFound);
            return { snippetText: REQUIREMENT, jobDescriptionId: 1 };
          },
        },
      },
    });
    alice = await service.as(ALICE);
  });
  afterAll(async () => {
    reader.close();
    await service.close();
  });

  const exchange = (userMessage: string, aiResponse: string, timestamp: string) => ({ userMessage, aiResponse, timestamp });
  const save = (snippetId: number, conversationHistory: object[]) =>
    service.app.inject({ method: 'POST', url: '/api/snippet-conversations', headers: alice, payload: { snippetId, conversationHistory } });
  const get = (url: string) => service.app.inject({ method: 'GET', url, headers: alice });

  it('gives the requirement, then each session’s answers and the interviewer’s words in order, with dates', async () => {
    const first = [
      exchange('I led the café’s move to a new till — “the big switch”.', 'How did you bring the night shift along?', '2024-05-01T09:00:00.000Z'),
      exchange('I sat with them for a week, naïvely at first.', 'What changed your mind?', '2024-05-01T09:05:00.000Z'),
    ];
    expect((await save(ALICES_SNIPPET, first)).statusCode).toBe(201);
    // Not an extension of the first: a second session.
    expect((await save(ALICES_SNIPPET, [exchange('A second try at the answer.', 'Better: shorter and clearer.', '2024-05-03T18:30:00.000Z')])).statusCode).toBe(
      201,
    );

    const response = await get(`/api/snippet-conversations/${ALICES_SNIPPET}/pdf?paper=letter&timeZone=Europe/Paris`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Interview-practice-Lead-cross-functional-teams-through.pdf"');
    const file = reader.file(response.rawPayload);
    expect(reader.info(file)['Page size']).toMatch(/^612 x 792 pts/);
    const text = flatText(reader.text(file));
    const inOrder = [
      // The title holds the requirement's first 80 characters.
      'Interview practice: Lead cross-functional teams through “ambiguous” change — café-scale to enterpri…',
      '1 May 2024 – 3 May 2024',
      '2 sessions',
      '3 answers',
      'The requirement',
      REQUIREMENT,
      'Session 1',
      'WEDNESDAY, 1 MAY 2024',
      // Paris is two hours ahead of UTC in May.
      'You · 11:00',
      'I led the café’s move to a new till — “the big switch”.',
      'Interviewer',
      'How did you bring the night shift along?',
      'You · 11:05',
      'I sat with them for a week, naïvely at first.',
      'Interviewer',
      'What changed your mind?',
      'Session 2',
      'FRIDAY, 3 MAY 2024',
      'You · 20:30',
      'A second try at the answer.',
      'Interviewer',
      'Better: shorter and clearer.',
    ];
    expect(missingInOrder(text, inOrder)).toBeUndefined();
    expect(reader.info(await reader.file((await get(`/api/snippet-conversations/${ALICES_SNIPPET}/pdf`)).rawPayload))['Page size']).toMatch(/^595\.\d+ x 841/);
  });

  it('answers 404 for another person’s snippet, 400 for a bad id', async () => {
    const response = await get(`/api/snippet-conversations/${BOBS_SNIPPET}/pdf`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Snippet not found' });
    const bad = await get('/api/snippet-conversations/abc/pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^Id /);
  });
});
