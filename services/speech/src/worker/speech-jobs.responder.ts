import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { QUEUE_GROUPS, SUBJECTS, speechSynthesizeJobSchema, speechTranscribeJobSchema, type SpeechJobEvent, type SpeechSynthesizeJob, type SpeechTranscribeJob } from '@story/proto';
import { describeZodError } from '@story/service-kit';
import type { SpeechToText, TextToSpeech } from '../engines/speech-engines.ts';
import type { SpeechAudioStore } from '../nats/speech-audio.store.ts';
import { messageJson } from '../nats/asker.ts';
import { asRefusal } from './engine-refusals.ts';
import { JobRunner } from './job-runner.ts';

export interface SpeechJobDeps {
  stt: SpeechToText;
  tts: TextToSpeech;
  audio: SpeechAudioStore;
  runner: JobRunner;
  tmpDir: string;
  log: FastifyBaseLogger;
}

/** Extensions a job may name (what the front accepted); anything else is written as `.audio` for ffmpeg to probe. */
const KNOWN_EXTENSIONS = new Set(['mp3', 'wav', 'm4a', 'aac', 'mp4', 'webm', 'ogg']);


/** Transcribes a whole file: fetched into a temporary file (ffmpeg seeks in MP4), always removed. */
async function transcribe(deps: SpeechJobDeps, job: SpeechTranscribeJob): Promise<SpeechJobEvent> {
  const extension = KNOWN_EXTENSIONS.has(job.extension) ? job.extension : 'audio';
  const path = join(deps.tmpDir, `story-upload-${randomUUID()}.${extension}`);
  try {
    await writeFile(path, await deps.audio.get(job.audio));
    const { text, durationSeconds, wordTimings } = await deps.stt.transcribeFile(path, job.maxSeconds).catch((error: unknown) => {
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
  const serve = <J extends { jobId: string }>(subject: string, schema: z.ZodType<J>, work: (job: J) => Promise<SpeechJobEvent>): Subscription =>
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
        deps.runner.accept(msg, job.data.jobId, () => work(job.data));
      },
    });
  const subscriptions = [
    serve(SUBJECTS.speechTranscribe, speechTranscribeJobSchema, (job) => transcribe(deps, job)),
    serve(SUBJECTS.speechSynthesize, speechSynthesizeJobSchema, (job) => synthesize(deps, job)),
  ];
  return async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
  };
}
