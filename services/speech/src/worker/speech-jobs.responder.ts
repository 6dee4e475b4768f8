import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  QUEUE_GROUPS,
  SPEECH_MESSAGES,
  SUBJECTS,
  speechSynthesizeJobSchema,
  speechTranscribeJobSchema,
  type SpeechJobEvent,
  type SpeechSynthesizeJob,
  type SpeechTranscribeJob,
} from '@story/proto';
import { describeZodError, messageJson } from '@story/service-kit';
import type { SpeechToText, TextToSpeech } from '../engines/speech-engines.ts';
import type { SpeechAudioStore } from '../nats/speech-audio.store.ts';
import { sniffAudioFile } from '../transcribe/audio-format.ts';
import { asRefusal } from './engine-refusals.ts';
import { JobRefusal, JobRunner } from './job-runner.ts';

export interface SpeechJobDeps {
  stt: SpeechToText;
  tts: TextToSpeech;
  audio: SpeechAudioStore;
  runner: JobRunner;
  tmpDir: string;
  log: FastifyBaseLogger;
}

/**
 * Transcribes a whole file: fetched into a temporary file (ffmpeg seeks in MP4), always removed. Its
 * bytes are checked again here, against the kind the front found: the decoder is told that kind.
 */
async function transcribe(deps: SpeechJobDeps, job: SpeechTranscribeJob, signal: AbortSignal): Promise<SpeechJobEvent> {
  const path = join(deps.tmpDir, `story-upload-${randomUUID()}.${job.extension}`);
  try {
    await writeFile(path, await deps.audio.get(job.audio));
    if ((await sniffAudioFile(path)) !== job.extension) throw new JobRefusal(422, SPEECH_MESSAGES.unreadableAudio);
    const transcription = deps.stt.transcribeFile(path, job.extension, job.maxSeconds, signal, job.vocabulary);
    const { text, durationSeconds, wordTimings } = await transcription.catch((error: unknown) => {
      throw asRefusal(error);
    });
    return { type: 'transcribed', transcript: text, durationSeconds, wordTimings };
  } finally {
    await rm(path, { force: true });
  }
}

/** Speaks a reply; its MP3 goes back inline or through the object store. */
async function synthesize(deps: SpeechJobDeps, job: SpeechSynthesizeJob): Promise<SpeechJobEvent> {
  const spoken = await deps.tts.synthesize(job.text);
  const audio = await deps.audio.put(`reply-${job.jobId}`, spoken.mp3);
  return { type: 'synthesized', audio, wordTimings: spoken.wordTimings, durationSeconds: spoken.durationSeconds };
}

/**
 * Serves `speech.transcribe` and `speech.synthesize` in the `speech` queue group: another worker
 * process is more capacity, with nothing to configure. Returns a function that stops taking jobs.
 */
export function startSpeechJobResponders(nc: NatsConnection, deps: SpeechJobDeps): () => Promise<void> {
  const serve = <J extends { jobId: string; userId: number; startWithinMs: number }>(
    { subject, kind, engine }: { subject: string; kind: 'transcribe' | 'synthesize'; engine: string },
    schema: z.ZodType<J>,
    work: (job: J, signal: AbortSignal) => Promise<SpeechJobEvent>,
  ): Subscription =>
    nc.subscribe(subject, {
      queue: QUEUE_GROUPS.speech,
      callback: (error, msg) => {
        if (error) {
          deps.log.warn({ err: error, subject }, 'subscription error');
          return;
        }
        const job = schema.safeParse(messageJson(msg));
        if (!job.success) {
          JobRunner.refuse(msg, { ok: false, status: 400, message: describeZodError(job.error) });
          return;
        }
        const { jobId, userId, startWithinMs } = job.data;
        deps.runner.accept(msg, { jobId, userId, startWithinMs, kind, engine }, (signal) => work(job.data, signal));
      },
    });
  const subscriptions = [
    serve({ subject: SUBJECTS.speechTranscribe, kind: 'transcribe', engine: deps.stt.name }, speechTranscribeJobSchema, (job, signal) =>
      transcribe(deps, job, signal),
    ),
    serve({ subject: SUBJECTS.speechSynthesize, kind: 'synthesize', engine: deps.tts.name }, speechSynthesizeJobSchema, (job) => synthesize(deps, job)),
  ];
  return async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
  };
}
