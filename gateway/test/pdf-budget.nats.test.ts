import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, startGatewayBed, type GatewayBed } from './gateway.fixture.ts';

/**
 * Issue 36, 3: a PDF is rendered when it is asked for, so downloads are charged to a budget of their
 * own, per person, whichever of the four PDFs it is (a thread, a practice, a mock interview's report,
 * a résumé): a flood of downloads is answered 429 before it reaches a service.
 */
let bed: GatewayBed<'conversations' | 'feedback' | 'profile'>;
const PDF_PER_MINUTE = 3;

beforeAll(async () => {
  bed = await startGatewayBed({
    services: ['conversations', 'feedback', 'profile'],
    env: { RATE_LIMIT_PDF_PER_MINUTE: String(PDF_PER_MINUTE) },
    session: { userId: 21, sessionId: 'session-pdf-budget' },
  });
});

afterAll(async () => {
  await bed?.world.close();
});

const download = (path: string, session = bed.session) => fetch(`${bed.gateway.url}${path}`, { headers: browserHeaders(session) });

const pdfRequests = () =>
  [bed.services.conversations, bed.services.feedback, bed.services.profile]
    .flatMap((service) => service.received)
    .filter((request) => /\/pdf(\?|$)/.test(request.url));

describe('the PDF budget', () => {
  it('answers 429 {message} with Retry-After past the budget, whichever PDF it is, and sends nothing on', async () => {
    const allowed = ['/api/conversation-threads/7/pdf?paper=a4', '/api/snippet-conversations/3/pdf', '/api/mock-interviews/5/pdf?timeZone=UTC'];
    expect(allowed).toHaveLength(PDF_PER_MINUTE);
    for (const path of allowed) expect((await download(path)).status, path).toBe(200);

    for (const path of ['/api/resumes/9/pdf?paper=letter', '/api/conversation-threads/7/pdf']) {
      const refused = await download(path);
      expect(refused.status, path).toBe(429);
      expect(await refused.json()).toEqual({ message: expect.stringMatching(/^Too many PDF downloads in a short time\. Please try again in \d+ seconds?\.$/) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(pdfRequests()).toHaveLength(PDF_PER_MINUTE);
  });

  it('leaves the person’s other reads and other people’s downloads alone', async () => {
    expect((await download('/api/conversation-threads/7')).status).toBe(200);
    expect((await download('/api/resumes/9')).status).toBe(200);
    const other = await bed.world.signSession({ userId: 22, sessionId: 'session-pdf-budget-other' });
    expect((await download('/api/resumes/9/pdf', other)).status).toBe(200);
  });
});
