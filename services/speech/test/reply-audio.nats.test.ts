import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { SpeechAudioStore } from '../src/nats/speech-audio.store.ts';

describe('a spoken reply kept by reference (issue 20, point 5)', () => {
  let dir: string;
  let nats: NatsServerHandle;
  let nc: NatsConnection;
  let store: SpeechAudioStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reply-audio-'));
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    nc = await connect({ servers: nats.url });
    store = new SpeechAudioStore(nc, { inlineBytes: 64 * 1024, ttlSeconds: 3600 });
  });

  afterAll(async () => {
    await nc?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the MP3 (even a small one) and gives its owner the same bytes by id', async () => {
    const mp3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, 1, 2, 3]);
    const audioId = await store.keepReply(7, mp3);
    expect(audioId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.readReply(7, audioId)).toEqual(mp3);
  });

  it("refuses another user's, an unknown and a malformed id", async () => {
    const audioId = await store.keepReply(7, Buffer.from([0xff, 0xfb, 1]));
    expect(await store.readReply(8, audioId)).toBeNull();
    expect(await store.readReply(7, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await store.readReply(7, '../upload-x')).toBeNull();
  });

  it('forgets every reply kept for a deleted account (issue 24), once, and nobody else’s', async () => {
    const mine = [await store.keepReply(1, Buffer.from([0xff, 0xfb, 1])), await store.keepReply(1, Buffer.from([0xff, 0xfb, 2]))];
    const theirs = await store.keepReply(12, Buffer.from([0xff, 0xfb, 3]));
    expect(await store.forgetReplies(1)).toBe(2);
    for (const audioId of mine) expect(await store.readReply(1, audioId)).toBeNull();
    expect(await store.forgetReplies(1)).toBe(0);
    expect(await store.readReply(12, theirs)).toEqual(Buffer.from([0xff, 0xfb, 3]));
  });
});
