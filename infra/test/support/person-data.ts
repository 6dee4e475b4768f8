import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { makeSpokenAnswerWav } from '@story/testing/spoken-answer';
import type { ApiClient } from '@story/testing/api-client';

/** `bytes` bytes of MP3: silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono, 417 bytes each), the last one cut. */
export function silentMp3(bytes: number): Buffer {
  const audio = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += 417) audio.set([0xff, 0xfb, 0x90, 0xc0].slice(0, bytes - at), at);
  return audio;
}

const POSTING =
  '# Platform Engineer\n\n## Requirements\n\n- Experience leading database migrations with zero downtime\n- Comfortable mentoring junior engineers';
const RESUME = (name: string) =>
  [
    name,
    'someone@example.com',
    '',
    'EXPERIENCE',
    'Platform Engineer, Contoso — Jan 2021 – Present',
    '• Cut deploy times from 40 to 9 minutes by rebuilding the CI pipeline',
    '',
    'SKILLS',
    'PostgreSQL, Go',
  ].join('\n');
const QUESTION = 'Tell me about a time you led a migration.';

/** What a person left, to find again in their export. */
export interface LeftData {
  threadId: number;
  /** The message saved with `audio` as its spoken reply. */
  audioMessageId: number;
  audio: Buffer;
  story: string;
  jobDescriptionId: number;
  snippetId: number;
  resumeId: number;
  mockInterviewId: number;
  /** The address of the person's public profile. */
  profileSlug: string;
  /** Whether the spoken turn's reply was spoken, kept by speech, and saved with the turn (plans that speak their replies). */
  keptSpokenReply: boolean;
}

/**
 * Everything a person can leave behind, each through the gateway: a job description and a snippet
 * practised (a practice conversation, an answer to score), a spoken turn (usage minutes), a thread
 * whose messages carry the person's `marker` (one with `audioBytes` of MP3 as its spoken reply), a
 * résumé, a mock interview and a public profile.
 */
export async function leaveDataEverywhere(client: ApiClient, marker: string, audioDir: string, audioBytes = 50_000): Promise<LeftData> {
  const story = `I led the migration of our checkout database to PostgreSQL with zero downtime (${marker}); errors dropped by 80 percent.`;
  const confirmed = await client.post('/api/confirm-job-description', {
    formattedContent: POSTING,
    jobTitle: 'Platform Engineer',
    companyName: `Northwind ${marker}`,
  });
  expect(confirmed.status).toBe(201);
  const jobDescriptionId: number = confirmed.body.id;
  const snippet = await client.post('/api/job-description-snippets', {
    jobDescriptionId,
    snippetText: '- Experience leading database migrations with zero downtime',
  });
  expect(snippet.status).toBe(201);
  const history = [{ userMessage: story, aiResponse: 'What was the result?', timestamp: new Date().toISOString() }];
  expect((await client.post('/api/snippet-conversations', { snippetId: snippet.body.id, conversationHistory: history })).status).toBe(201);
  const typed = await client.post('/api/process-text', {
    text: story,
    conversationHistory: [{ role: 'assistant', content: QUESTION }],
    snippetId: snippet.body.id,
  });
  expect(typed.status).toBe(200);

  const thread = await client.post('/api/conversation-threads');
  expect(thread.status).toBe(201);
  const threadId: number = thread.body.threadId;
  const form = new FormData();
  form.set('audio', new Blob([readFileSync(makeSpokenAnswerWav(audioDir))], { type: 'audio/wav' }), 'answer.wav');
  form.set('conversationHistory', JSON.stringify([{ role: 'assistant', content: QUESTION }]));
  form.set('threadId', String(threadId));
  const spoken = await client.request('POST', '/api/transcribe', form);
  expect(spoken.status, JSON.stringify(spoken.body)).toBe(200);
  // On a plan that speaks its replies, the turn is saved with the reply speech kept for it (a speech object until then).
  if (spoken.body.audioId) {
    const savedTurn = await client.post('/api/conversations', {
      threadId,
      userMessage: spoken.body.transcript,
      aiResponse: spoken.body.aiResponse,
      audioId: spoken.body.audioId,
    });
    expect(savedTurn.status, JSON.stringify(savedTurn.body)).toBe(201);
  }
  const audio = silentMp3(audioBytes);
  const saved = await client.post('/api/conversations', {
    threadId,
    userMessage: story,
    aiResponse: `What did you learn, ${marker}?`,
    audioResponse: audio.toString('base64'),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  expect((await client.post('/api/conversations', { threadId, userMessage: `The team was proud (${marker}).`, aiResponse: 'Tell me more.' })).status).toBe(201);

  const resume = new FormData();
  resume.append('file', new Blob([RESUME(`Person ${marker}`)]), 'resume.txt');
  const uploaded = await client.request('POST', '/api/resumes', resume);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const interview = await client.post('/api/mock-interviews', { jobDescriptionId });
  expect(interview.status, JSON.stringify(interview.body)).toBe(201);
  // A public profile (issue 24, 4), its story told in the person's words.
  const profile = await client.request('PUT', '/api/profile', {
    displayName: `Person ${marker}`,
    headline: `Engineer ${marker}`,
    stories: [{ title: 'The migration', summary: story.slice(0, 200), threadId }],
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  return {
    threadId,
    audioMessageId: saved.body.id,
    audio,
    story,
    jobDescriptionId,
    snippetId: snippet.body.id,
    resumeId: uploaded.body.resume.id,
    mockInterviewId: interview.body.id,
    profileSlug: profile.body.profile.slug,
    keptSpokenReply: Boolean(spoken.body.audioId),
  };
}
