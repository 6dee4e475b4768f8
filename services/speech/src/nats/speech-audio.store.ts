import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { NatsConnection } from '@nats-io/transport-node';
import { Objm, type ObjectStore } from '@nats-io/obj';
import { streamReplicas } from '@story/service-kit/nats';
import { NATS_BUCKETS, REPLY_AUDIO_ID, replyAudioObjectName, type AudioRef } from '@story/proto';

export interface SpeechAudioStoreOptions {
  /** Audio up to this many bytes travels inside the message. */
  inlineBytes: number;
  /** How long the object store keeps what nobody removed (a process that died mid-job). */
  ttlSeconds: number;
}

/**
 * Audio between the speech front and its workers: inside the NATS message when it is small, else in
 * the JetStream object store `speech_audio` (one NATS message holds at most a megabyte). Whoever put
 * an object removes it when its job ends; the bucket's age limit removes what a dead process left.
 */
export class SpeechAudioStore {
  private bucket: Promise<ObjectStore> | undefined;
  private replies: Promise<ObjectStore> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: SpeechAudioStoreOptions,
  ) {}

  async put(name: string, audio: Uint8Array): Promise<AudioRef> {
    if (audio.length <= this.options.inlineBytes) return { inline: Buffer.from(audio).toString('base64') };
    await (await this.open()).putBlob({ name }, audio);
    return { object: name, bytes: audio.length };
  }

  /** A file's audio, streamed into the object store when it is large (an upload of up to 25 MB is never held in memory). */
  async putFile(name: string, path: string, bytes: number): Promise<AudioRef> {
    if (bytes <= this.options.inlineBytes) return this.put(name, await readFile(path));
    // Pulled a chunk at a time, as the object store sends them.
    const chunks = createReadStream(path)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    });
    await (await this.open()).put({ name }, stream);
    return { object: name, bytes };
  }

  async get(ref: AudioRef): Promise<Buffer> {
    if ('inline' in ref) return Buffer.from(ref.inline, 'base64');
    const blob = await (await this.open()).getBlob(ref.object);
    if (!blob) throw new Error(`speech audio ${ref.object} is gone (expired or removed)`);
    return Buffer.from(blob);
  }

  /**
   * Keeps a spoken reply's whole MP3 in the object store `speech_replies` (always, whatever its size) for a later save
   * to name it (issue 20, point 5); the bucket's age limit removes it when nobody saves it. Its id
   * is a random UUID, and the object's name carries the owner, so only its owner can read it.
   */
  async keepReply(userId: number, mp3: Uint8Array): Promise<string> {
    const audioId = randomUUID();
    await (await this.openReplies()).putBlob({ name: replyAudioObjectName(userId, audioId) }, mp3);
    return audioId;
  }

  /** A kept reply's MP3, or null when the id is not a reply id, is unknown, expired, or another user's. */
  async readReply(userId: number, audioId: string): Promise<Buffer | null> {
    if (!REPLY_AUDIO_ID.test(audioId)) return null;
    const blob = await (await this.openReplies()).getBlob(replyAudioObjectName(userId, audioId));
    return blob ? Buffer.from(blob) : null;
  }

  /** Deletes every spoken reply kept for a deleted account (issue 24) before its age limit would; how many went. */
  async forgetReplies(userId: number): Promise<number> {
    const replies = await this.openReplies();
    const prefix = replyAudioObjectName(userId, '');
    let deleted = 0;
    for (const info of await replies.list()) {
      if (!info.name.startsWith(prefix) || info.deleted) continue;
      await replies.delete(info.name);
      deleted += 1;
    }
    return deleted;
  }

  /** Removes an object (nothing for inline audio); never fails the job it ends. */
  async remove(ref: AudioRef): Promise<void> {
    if ('inline' in ref) return;
    await (await this.open()).delete(ref.object).catch(() => undefined);
  }

  private open(): Promise<ObjectStore> {
    this.bucket ??= new Objm(this.nc).create(NATS_BUCKETS.speechAudio, { ttl: this.options.ttlSeconds * 1_000_000_000, replicas: streamReplicas(this.nc) });
    this.bucket.catch(() => {
      this.bucket = undefined;
    });
    return this.bucket;
  }

  private openReplies(): Promise<ObjectStore> {
    this.replies ??= new Objm(this.nc).create(NATS_BUCKETS.speechReplies, { ttl: this.options.ttlSeconds * 1_000_000_000, replicas: streamReplicas(this.nc) });
    this.replies.catch(() => {
      this.replies = undefined;
    });
    return this.replies;
  }
}
