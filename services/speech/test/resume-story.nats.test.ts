import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_GROUPS, RESUME_MESSAGES, SUBJECTS, resumeContextRequestSchema, spokenOpeningResponseSchema, transcribeResponseSchema } from '@story/proto';
import { LOCKED_USER, TEXT_USER, chunksOf, liveSessionCalls, startSpeechWorld, transcribeForm, type SpeechWorld } from './speech-test-kit.ts';

const BULLET = { resumeId: 4, bulletId: 'b-checkout' };
const ROLE = { title: 'Software Engineer', company: 'Northwind', dates: '2019 – 2022' };

/**
 * The story behind a résumé line, spoken (issue 22, 4): the spoken opening, an uploaded turn and a live recording carry
 * the bullet through the speech service to conversations, which asks profile (a stand-in here) about it. What
 * is carried is the bullet, not the words: the worker runs the scripted engines.
 */
describe('spoken turns about a résumé line', () => {
  let world: SpeechWorld;
  /** What conversations asked profile, in order. */
  const asked: unknown[] = [];

  beforeAll(async () => {
    world = await startSpeechWorld({ scripted: {} });
    world.nc.subscribe(SUBJECTS.resumeContext, {
      queue: QUEUE_GROUPS.profile,
      callback: (_error, message) => {
        const request = resumeContextRequestSchema.parse(message.json());
        asked.push(request);
        const mine = request.bullet?.bulletId === BULLET.bulletId && request.bullet.resumeId === BULLET.resumeId;
        const reply =
          request.bullet && !mine
            ? { ok: false, message: RESUME_MESSAGES.notFound }
            : {
                ok: true,
                roles: [{ ...ROLE, bullets: ['Worked on the checkout page'] }],
                ...(mine ? { bullet: { ...BULLET, text: 'Worked on the checkout page', role: ROLE } } : {}),
              };
        message.respond(JSON.stringify(reply));
      },
    });
    await world.nc.flush();
  }, 120_000);
  afterAll(async () => world?.close());

  it('opens the spoken story by naming the line, even for a plan without interview practice', async () => {
    const response = await world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe/opening',
      headers: await world.front.as(LOCKED_USER),
      payload: { resumeBullet: BULLET },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(spokenOpeningResponseSchema.parse(response.json()).aiResponse).toBe(
      "Let's tell the story behind “Worked on the checkout page” from your time as Software Engineer at Northwind. What was the situation?",
    );
  });

  it('sends an uploaded turn’s bullet (the form’s resumeId and bulletId) on to the coach', async () => {
    const form = transcribeForm(
      { name: 'answer.wav', bytes: readFileSync(world.recordings.wav) },
      { conversationHistory: '[]', resumeId: String(BULLET.resumeId), bulletId: BULLET.bulletId },
    );
    const before = asked.length;
    const response = await world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...(await world.front.as(TEXT_USER)), 'content-type': form.contentType },
      payload: form.body,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(transcribeResponseSchema.parse(response.json()).aiResponse.length).toBeGreaterThan(20);
    expect(asked.slice(before)).toEqual([{ userId: TEXT_USER, bullet: BULLET }]);
  }, 60_000);

  it('sends a live recording’s bullet (its finish’s resumeBullet) on to the coach', async () => {
    const { openId, sendChunk, as } = liveSessionCalls(() => world.front);
    const chunks = chunksOf(world.recordings.webm, 4);
    const sessionId = await openId(TEXT_USER);
    for (const [seq, chunk] of chunks.entries()) expect((await sendChunk(TEXT_USER, sessionId, seq, chunk)).statusCode).toBe(200);
    const before = asked.length;
    const finished = await world.front.app.inject({
      method: 'POST',
      url: `/api/transcribe/sessions/${sessionId}/finish`,
      headers: await as(TEXT_USER),
      payload: { chunkCount: chunks.length, conversationHistory: [], resumeBullet: BULLET },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(asked.slice(before)).toEqual([{ userId: TEXT_USER, bullet: BULLET }]);
  }, 60_000);
});
