import type { NatsConnection } from '@nats-io/transport-node';
import { Objm } from '@nats-io/obj';
import { NATS_BUCKETS, REPLY_AUDIO_ID, THREAD_MESSAGES, replyAudioObjectName } from '@story/proto';
import { HttpError } from '@story/service-kit';

/** A spoken reply the speech service kept for a save to name (issue 20, point 5). */
export interface ReplyAudioSource {
  /** The reply's MP3, or null when the id is unknown, expired or another user's. */
  read(userId: number, audioId: string): Promise<Buffer | null>;
}

/** Reads kept replies from the object store `speech_replies` (its age limit is the speech service's audio TTL). */
export class NatsReplyAudioSource implements ReplyAudioSource {
  private nc: NatsConnection | undefined;

  connected(nc: NatsConnection): void {
    this.nc = nc;
  }

  async read(userId: number, audioId: string): Promise<Buffer | null> {
    if (!REPLY_AUDIO_ID.test(audioId)) return null;
    if (!this.nc) throw new HttpError(503, THREAD_MESSAGES.replyAudioUnavailable);
    // No bucket yet: nobody has kept a reply, so the id is unknown.
    const bucket = await new Objm(this.nc).open(NATS_BUCKETS.speechReplies).catch(() => null);
    if (!bucket) return null;
    const blob = await bucket.getBlob(replyAudioObjectName(userId, audioId));
    return blob ? Buffer.from(blob) : null;
  }
}
