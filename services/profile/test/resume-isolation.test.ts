import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_MESSAGES } from '@story/proto';
import { repeatedFormPdf } from '@story/testing/fixtures/hostile-resume-files';
import { SHORT_RESUME, textPdf } from '@story/testing/fixtures/resume-files';
import { SAMPLE_RESUME_TEXT } from '@story/testing/fixtures/resumes';
import { startProfileForTest, uploadResume, type ProfileUnderTest } from './profile-test-kit.ts';

/**
 * Issue 36 through the profile service's HTTP app: an upload is read on a worker thread with a
 * deadline, so a hostile file never holds the service's event loop. One thread and no queue here, so
 * that the pool's limits show; a short deadline (it runs once the thread has started).
 */
let service: ProfileUnderTest;
beforeAll(async () => {
  ({ service } = await startProfileForTest({ env: { RESUME_PARSE_THREADS: '1', RESUME_PARSE_QUEUE: '0', RESUME_PARSE_DEADLINE_MS: '2000' } }));
});
afterAll(async () => service?.close());

const upload = async (userId: number, fileName: string, bytes: Uint8Array) => uploadResume(service, await service.as(userId), fileName, bytes);
const current = async (userId: number) => service.app.inject({ method: 'GET', url: '/api/resumes/current', headers: await service.as(userId) });

describe('résumé files are read on a worker thread', () => {
  it('answers others while a hostile PDF runs to its deadline: the same person waits (429), a full pool is busy (503), the file ends in 422', async () => {
    // The first upload starts the thread.
    const first = await upload(901, 'cv.pdf', await textPdf(SHORT_RESUME));
    expect(first.statusCode, first.body).toBe(201);

    const answered: string[] = [];
    // Small and within every cap, but each of its thousand drawings reads a 256 KB form again.
    const hostile = upload(902, 'cv.pdf', repeatedFormPdf(1000, 256)).then((response) => {
      answered.push('hostile file');
      return response;
    });
    await expect.poll(() => service.deps.resumeExtraction.load.running).toBe(1);

    expect((await current(903)).statusCode).toBe(404);
    answered.push('another person');
    const again = await upload(902, 'cv.txt', Buffer.from(SAMPLE_RESUME_TEXT));
    expect([again.statusCode, again.json()]).toEqual([429, { message: RESUME_MESSAGES.alreadyReading }]);
    const crowded = await upload(904, 'cv.txt', Buffer.from(SAMPLE_RESUME_TEXT));
    expect([crowded.statusCode, crowded.json()]).toEqual([503, { message: RESUME_MESSAGES.readersBusy }]);
    answered.push('refusals');

    const ended = await hostile;
    expect([ended.statusCode, ended.json()]).toEqual([422, { message: RESUME_MESSAGES.tooComplex }]);
    expect(answered).toEqual(['another person', 'refusals', 'hostile file']);
    // Nothing was kept, and the next file is read on a fresh thread.
    expect((await current(902)).statusCode).toBe(404);
    const after = await upload(902, 'cv.txt', Buffer.from(SAMPLE_RESUME_TEXT));
    expect(after.statusCode, after.body).toBe(201);
    expect(service.deps.resumeExtraction.load).toEqual({ running: 0, waiting: 0 });
    // Two threads start under tsx here (the first, and the one after the deadline), each loading pdfjs and mammoth.
  }, 90_000);
});
