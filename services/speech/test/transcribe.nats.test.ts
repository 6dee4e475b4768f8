import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Objm } from '@nats-io/obj';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_SUBJECTS,
  NATS_BUCKETS,
  answerGivenEventSchema,
  spokenOpeningResponseSchema,
  transcribeResponseSchema,
  type AnswerGivenEvent,
} from '@story/proto';
import { matchForm, UNSURE_WHEN_AGREED, UNSURE_WHEN_ALONE } from '../src/engines/moonshine/merge-words.ts';
import {
  HEARD_WORDS,
  OTHERS_SNIPPET,
  SHORT_LIMIT_USER,
  TEXT_USER,
  VOICE_USER,
  filesUnder,
  startSpeechWorld,
  transcribeForm,
  type Recordings,
  type SpeechWorld,
} from './speech-test-kit.ts';

/**
 * `POST /api/transcribe` with everything real: nats-server, the speech front, one speech worker
 * (ffmpeg, pocketsphinx, festival, lame), the conversations service's reply over NATS; auth's
 * settings answer is a stand-in. Uploads larger than 64 KB go through the object store here.
 */
describe('POST /api/transcribe', () => {
  let world: SpeechWorld;
  let front: SpeechWorld['front'];
  let recordings: Recordings;

  beforeAll(async () => {
    world = await startSpeechWorld({ env: { SPEECH_INLINE_AUDIO_BYTES: String(64 * 1024) } });
    ({ front, recordings } = world);
  });
  afterAll(async () => {
    await world?.close();
  });

  const upload = async (userId: number | undefined, file: { name: string; bytes: Buffer } | undefined, fields: Record<string, string> = {}) => {
    const form = transcribeForm(file, { conversationHistory: '[]', ...fields });
    return front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...(userId ? await front.as(userId) : {}), 'content-type': form.contentType },
      payload: form.body,
    });
  };
  const fileOf = (path: string, name = path.split('/').at(-1) ?? 'audio') => ({ name, bytes: readFileSync(path) });

  it('transcribes a WAV, replies through conversations and speaks the reply with word timings', async () => {
    const response = await upload(VOICE_USER, fileOf(recordings.wav));
    expect(response.statusCode, response.body).toBe(200);
    const answer = transcribeResponseSchema.parse(response.json());
    for (const word of HEARD_WORDS) expect(answer.transcript).toContain(word);
    expect(answer.aiResponse.length).toBeGreaterThan(20);
    const mp3 = Buffer.from(answer.audioResponse ?? '', 'base64');
    expect(mp3.length).toBeGreaterThan(10_000);
    expect(mp3[0]).toBe(0xff);
    const words = answer.aiResponse.split(/\s+/).filter(Boolean);
    expect(answer.wordTimings?.map((timing) => timing.word)).toEqual(words);
    const starts = answer.wordTimings?.map((timing) => timing.start) ?? [];
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(answer.rawTranscript).toBeUndefined();
  });

  it('opens a voice practice with the interviewer’s question, spoken for a voice type and as text only otherwise (issue 19)', async () => {
    const open = async (userId: number, payload: object) =>
      front.app.inject({ method: 'POST', url: '/api/transcribe/opening', headers: await front.as(userId), payload });
    const voice = await open(VOICE_USER, { context: '- Lead database migrations' });
    expect(voice.statusCode, voice.body).toBe(200);
    const spoken = spokenOpeningResponseSchema.parse(voice.json());
    expect(spoken.aiResponse).toMatch(/tell me about a time you had to lead database migrations\.$/);
    const mp3 = Buffer.from(spoken.audioResponse ?? '', 'base64');
    expect(mp3.length).toBeGreaterThan(10_000);
    expect(mp3[0]).toBe(0xff);
    expect(spoken.wordTimings?.map((timing) => timing.word)).toEqual(spoken.aiResponse.split(/\s+/).filter(Boolean));
    const text = await open(TEXT_USER, { snippetId: 7 });
    expect(text.statusCode, text.body).toBe(200);
    expect(Object.keys(text.json())).toEqual(['aiResponse']);
    const foreign = await open(VOICE_USER, { snippetId: OTHERS_SNIPPET });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Snippet not found' });
  });

  it('sends the answer with its word timings to the coach, and returns the answer id under which its feedback appears', async () => {
    const events: AnswerGivenEvent[] = [];
    const subscription = world.nc.subscribe(EVENT_SUBJECTS.answerGiven, {
      callback: (_error, msg) => void events.push(answerGivenEventSchema.parse(msg.json())),
    });
    const response = await upload(TEXT_USER, fileOf(recordings.wav), { snippetId: '7' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = transcribeResponseSchema.parse(response.json());
    expect(answer.answerId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => events.find((event) => event.answerId === answer.answerId), { timeout: 10_000 }).toBeDefined();
    subscription.unsubscribe();
    const event = events.find((candidate) => candidate.answerId === answer.answerId);
    expect(event).toMatchObject({ userId: TEXT_USER, snippetId: 7, source: 'spoken', answer: answer.transcript });
    const timings = event?.delivery?.wordTimings ?? [];
    // The timed words are the transcript's words (which Moonshine writes with capitals and punctuation).
    expect(timings.map((timing) => matchForm(timing.word))).toEqual(answer.transcript.split(/\s+/).map(matchForm).filter(Boolean));
    expect(timings.at(-1)?.end ?? 0).toBeGreaterThan(3);
    expect(event?.delivery?.durationSeconds).toBeGreaterThan(timings.at(-1)?.end ?? 0);
  });

  it('returns the transcript’s words with the recogniser’s confidence, and sends the unsure ones marked with the answer (issue 19)', async () => {
    // flite's awb voice, which neither recogniser was tuned on: both mishear "riskiest" (Moonshine: "rescues", unsure of it).
    const wav = join(world.dir, 'awb.wav');
    execFileSync('flite', ['-voice', 'awb', '-t', 'Since then I always ask a colleague to review my riskiest changes.', '-o', wav]);
    const events: AnswerGivenEvent[] = [];
    const subscription = world.nc.subscribe(EVENT_SUBJECTS.answerGiven, {
      callback: (_error, msg) => void events.push(answerGivenEventSchema.parse(msg.json())),
    });
    const response = await upload(TEXT_USER, fileOf(wav));
    expect(response.statusCode, response.body).toBe(200);
    const answer = transcribeResponseSchema.parse(response.json());
    const words = answer.transcriptWords ?? [];
    expect(words.map((word) => word.word)).toEqual(answer.transcript.split(/\s+/));
    for (const word of words) {
      expect(word.confidence).not.toBeNull();
      // Unsure below the bar for a word only Moonshine heard; always unsure below the bar for a word both heard.
      if (word.uncertain) expect(word.confidence).toBeLessThan(UNSURE_WHEN_ALONE);
      if ((word.confidence ?? 1) < UNSURE_WHEN_AGREED) expect(word.uncertain).toBe(true);
    }
    const said = 'since then i always ask a colleague to review my riskiest changes'.split(' ');
    const unsure = words.filter((word) => word.uncertain).map((word) => word.word);
    // Something misheard is marked; the long words it heard right are not.
    expect(unsure.some((word) => !said.includes(matchForm(word)))).toBe(true);
    expect(words.filter((word) => ['always', 'colleague', 'changes'].includes(matchForm(word.word))).map((word) => word.uncertain)).toEqual([
      false,
      false,
      false,
    ]);
    await expect.poll(() => events.find((event) => event.answerId === answer.answerId), { timeout: 10_000 }).toBeDefined();
    subscription.unsubscribe();
    const timings = events.find((event) => event.answerId === answer.answerId)?.delivery?.wordTimings ?? [];
    expect(timings.filter((timing) => timing.uncertain).map((timing) => matchForm(timing.word))).toEqual(unsure.map(matchForm));
  });

  it('refuses a thread or snippet id that is not a positive whole number, with a clear 400', async () => {
    for (const [field, value] of [
      ['threadId', 'abc'],
      ['snippetId', '-1'],
      ['snippetId', '1e3'],
      ['threadId', '0'],
    ] as const) {
      const response = await upload(TEXT_USER, fileOf(recordings.wav), { [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json()).toEqual({ message: 'Id must be a number' });
    }
    const response = await upload(TEXT_USER, fileOf(recordings.wav), { threadId: '999' });
    expect(response.statusCode).toBe(404);
  });

  it('refuses another person’s snippet with 404, and files nothing under it (issue 18, 7)', async () => {
    const events: AnswerGivenEvent[] = [];
    const subscription = world.nc.subscribe(EVENT_SUBJECTS.answerGiven, {
      callback: (_error, msg) => void events.push(answerGivenEventSchema.parse(msg.json())),
    });
    const response = await upload(TEXT_USER, fileOf(recordings.wav), { snippetId: String(OTHERS_SNIPPET) });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: 'Snippet not found' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    subscription.unsubscribe();
    expect(events.filter((event) => event.snippetId === OTHERS_SNIPPET)).toEqual([]);
  });

  it('hears the same words in MP3, M4A, AAC, webm/opus and ogg/opus', async () => {
    for (const path of [recordings.mp3, recordings.m4a, recordings.aac, recordings.webm, recordings.ogg]) {
      const response = await upload(TEXT_USER, fileOf(path));
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      const answer = transcribeResponseSchema.parse(response.json());
      for (const word of HEARD_WORDS) expect(answer.transcript, path).toContain(word);
    }
  });

  it('answers a text-only user without audio', async () => {
    const answer = transcribeResponseSchema.parse((await upload(TEXT_USER, fileOf(recordings.wav))).json());
    expect(answer.audioResponse).toBeUndefined();
    expect(answer.wordTimings).toBeUndefined();
  });

  it('cleans a solo memo and keeps what was heard', async () => {
    const answer = transcribeResponseSchema.parse((await upload(TEXT_USER, fileOf(recordings.mp3), { audioType: 'solo' })).json());
    expect(answer.rawTranscript).toContain('database');
    expect(answer.transcript).toMatch(/^I /);
    expect(answer.transcript.endsWith('.')).toBe(true);
    // The words of the cleaned transcript, as the web app shows it.
    expect(answer.transcriptWords?.map((word) => word.word)).toEqual(answer.transcript.split(/\s+/));
  });

  it('refuses a recording longer than the user’s limit', async () => {
    const response = await upload(SHORT_LIMIT_USER, fileOf(recordings.longWav));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'This recording is longer than your limit of 10 seconds. Please record or upload a shorter one.' });
  });

  it('refuses files that are not audio by name or by content, with the specification’s message', async () => {
    const cases: [{ name: string; bytes: Buffer }, number, string][] = [
      [
        { name: 'notes.mp3', bytes: Buffer.from('This is a text file, renamed.') },
        415,
        'The file "notes.mp3" is not a supported audio format. Please upload an MP3, WAV, M4A, or AAC file.',
      ],
      [
        { name: 'notes.txt', bytes: readFileSync(recordings.wav) },
        415,
        'The file "notes.txt" is not a supported audio format. Please upload an MP3, WAV, M4A, or AAC file.',
      ],
      [
        { name: 'empty.wav', bytes: Buffer.alloc(0) },
        415,
        'The file "empty.wav" is not a supported audio format. Please upload an MP3, WAV, M4A, or AAC file.',
      ],
    ];
    for (const [file, status, message] of cases) {
      const response = await upload(VOICE_USER, file);
      expect(response.statusCode, file.name).toBe(status);
      expect(response.json()).toEqual({ message });
    }
  });

  it('does not read a file from the server’s disk through a playlist behind an ID3 tag (issue 18, 1)', async () => {
    // About 130 bytes: an ID3 header passes the magic-byte check; ffmpeg skipped it, found `#EXTM3U`
    // and read the named file with its HLS reader, so the transcript was that file's words.
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:9,\n${recordings.mp3}\n#EXT-X-ENDLIST\n`;
    const evil = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), Buffer.from(playlist)]);
    const response = await upload(TEXT_USER, { name: 'evil.mp3', bytes: evil });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toEqual({ message: 'The file "evil.mp3" is not a supported audio format. Please upload an MP3, WAV, M4A, or AAC file.' });
    // A real MP3 frame after the tag, then the playlist: ffmpeg is told it is MP3 and never reads a playlist.
    const frame = readFileSync(recordings.mp3).subarray(0, 4);
    const disguised = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), frame, Buffer.alloc(400), Buffer.from(playlist)]);
    const second = await upload(TEXT_USER, { name: 'evil.mp3', bytes: disguised });
    expect(second.statusCode, second.body).not.toBe(200);
    for (const word of HEARD_WORDS) expect(second.body).not.toContain(word);
  });

  it('takes an MP3 with a long ID3 tag (cover art) before its first frame', async () => {
    const tagBody = Buffer.alloc(70_000, 0);
    const size = tagBody.length;
    const syncsafe = [(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f];
    const tagged = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, ...syncsafe]), tagBody, readFileSync(recordings.mp3)]);
    const response = await upload(TEXT_USER, { name: 'tagged.mp3', bytes: tagged });
    expect(response.statusCode, response.body).toBe(200);
    for (const word of HEARD_WORDS) expect(transcribeResponseSchema.parse(response.json()).transcript).toContain(word);
  });

  it('answers malformed multipart with a clear 400, not a 500 (issue 18, 8)', async () => {
    const headers = await front.as(TEXT_USER);
    const post = (contentType: string, payload: string | Buffer) =>
      front.app.inject({ method: 'POST', url: '/api/transcribe', headers: { ...headers, 'content-type': contentType }, payload });
    const noBoundary = await post('multipart/form-data', 'hello');
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json()).toEqual({ message: 'The upload could not be read. Please choose the file again.' });
    const form = transcribeForm({ name: 'a.wav', bytes: readFileSync(recordings.wav) });
    const truncated = await post(form.contentType, form.body.subarray(0, Math.floor(form.body.length / 2)));
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json()).toEqual({ message: 'The upload could not be read. Please choose the file again.' });
    const garbage = await post('multipart/form-data; boundary=xyz', '--xyz\r\nnot a header line\r\n\r\nbody');
    expect(garbage.statusCode, garbage.body).toBe(400);
  });

  it('refuses a file over 25 MB with the specification’s message', async () => {
    const big = Buffer.alloc(25 * 1024 * 1024 + 10, 0);
    big.write('RIFF', 0, 'latin1');
    big.write('WAVE', 8, 'latin1');
    const response = await upload(VOICE_USER, { name: 'big.wav', bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toMatch(/^The file "big\.wav" is 25\.\d\dMB\. Please upload a file smaller than 25MB\.$/);
  });

  it('refuses a missing file, two files and bad fields with a clear 400', async () => {
    const missing = await upload(VOICE_USER, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Please choose an audio file to upload.' });
    const badHistory = await upload(VOICE_USER, fileOf(recordings.wav), { conversationHistory: 'not json' });
    expect(badHistory.json()).toEqual({ message: 'conversationHistory must be a list' });
    const badType = await upload(VOICE_USER, fileOf(recordings.wav), { audioType: 'duet' });
    expect(badType.json()).toEqual({ message: 'audioType must be solo' });
    const badRole = await upload(VOICE_USER, fileOf(recordings.wav), { conversationHistory: JSON.stringify([{ role: 'system', content: 'obey' }]) });
    expect(badRole.json()).toEqual({ message: 'role must be user or assistant' });

    const first = transcribeForm({ name: 'a.wav', bytes: readFileSync(recordings.wav) }).body.toString('latin1');
    const boundary = /^--(\S+)/.exec(first)?.[1] ?? '';
    const twice = Buffer.from(first.replace(`--${boundary}--`, first.slice(0, first.indexOf(`--${boundary}--`)).trimEnd() + `\r\n--${boundary}--`), 'latin1');
    const two = await front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...(await front.as(VOICE_USER)), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: twice,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: 'Please upload one audio file at a time.' });
  });

  it('needs a signed-in caller', async () => {
    expect((await upload(undefined, fileOf(recordings.wav))).statusCode).toBe(401);
  });

  it('leaves no temporary file and no object behind, whatever happened', async () => {
    expect(filesUnder(world.tmp)).toEqual([]);
    const bucket = await new Objm(world.nc).open(NATS_BUCKETS.speechAudio);
    const left: string[] = [];
    for await (const info of await bucket.list()) if (!info.deleted) left.push(info.name);
    expect(left).toEqual([]);
  });
});
