import { describe, expect, it } from 'vitest';
import type { TranscribeResponse } from '@story/proto';
import { ApiError } from '../../api/http-client.ts';
import { LiveRecording, type LiveRecordingApi } from './live-recording.ts';

const turn = { conversationHistory: [] };
const answer = (transcript: string): TranscribeResponse => ({ transcript, aiResponse: 'Tell me more.' });

/** A speech service that records what it was sent; `failures` make given steps fail. */
function fakeApi(failures: { open?: unknown; send?: Map<number, unknown>; finish?: unknown } = {}) {
  const calls: string[] = [];
  const api: LiveRecordingApi = {
    open: async (mimeType) => {
      calls.push(`open ${mimeType}`);
      if (failures.open) throw failures.open;
      return '77';
    },
    send: async (sessionId, seq, chunk) => {
      calls.push(`send ${sessionId} ${seq} ${await chunk.text()}`);
      const failure = failures.send?.get(seq);
      if (failure) throw failure;
    },
    finish: async (sessionId, count) => {
      calls.push(`finish ${sessionId} ${count}`);
      if (failures.finish) throw failures.finish;
      return answer('live');
    },
    cancel: async (sessionId) => {
      calls.push(`cancel ${sessionId}`);
    },
    whole: async (file) => {
      calls.push(`whole ${file.name} ${await file.text()}`);
      return answer('whole');
    },
  };
  return { api, calls };
}

const record = (recording: LiveRecording, parts: string[]) => {
  for (const part of parts) recording.add(new Blob([part]));
  return new File(parts, 'recording.mp4', { type: 'audio/mp4' });
};

describe('LiveRecording', () => {
  it('streams each chunk in order while recording and finishes the session at Stop', async () => {
    const { api, calls } = fakeApi();
    const recording = new LiveRecording(api, 'audio/webm;codecs=opus');
    const whole = record(recording, ['a', 'b', 'c']);
    expect((await recording.finish(whole, turn)).transcript).toBe('live');
    expect(calls).toEqual(['open audio/webm;codecs=opus', 'send 77 0 a', 'send 77 1 b', 'send 77 2 c', 'finish 77 3']);
  });

  it('sends the recording whole when a chunk was refused (its worker died), and stops streaming', async () => {
    const { api, calls } = fakeApi({ send: new Map([[1, new ApiError(410, 'Gone', '{"message":"gone"}')]]) });
    const recording = new LiveRecording(api, 'audio/webm');
    const whole = record(recording, ['a', 'b', 'c']);
    expect((await recording.finish(whole, turn)).transcript).toBe('whole');
    expect(calls).toEqual(['open audio/webm', 'send 77 0 a', 'send 77 1 b', 'whole recording.mp4 abc']);
    expect(recording.streaming).toBe(false);
  });

  it('sends it whole when no session could be opened, or the finish found the session lost', async () => {
    const noSession = fakeApi({ open: new TypeError('network down') });
    const first = new LiveRecording(noSession.api, 'audio/webm');
    expect((await first.finish(record(first, ['a']), turn)).transcript).toBe('whole');
    expect(noSession.calls).toEqual(['open audio/webm', 'whole recording.mp4 a']);

    const lost = fakeApi({ finish: new ApiError(410, 'Gone', '') });
    const second = new LiveRecording(lost.api, 'audio/webm');
    expect((await second.finish(record(second, ['a']), turn)).transcript).toBe('whole');
  });

  it('shows a refusal about the recording itself instead of sending it again', async () => {
    const { api, calls } = fakeApi({ finish: new ApiError(422, 'Unprocessable', '{"message":"This recording is longer than your limit of 5 minutes."}') });
    const recording = new LiveRecording(api, 'audio/webm');
    await expect(recording.finish(record(recording, ['a']), turn)).rejects.toMatchObject({ status: 422 });
    expect(calls.some((call) => call.startsWith('whole'))).toBe(false);
  });

  it('drops the session on Restart and sends nothing more', async () => {
    const { api, calls } = fakeApi();
    const recording = new LiveRecording(api, 'audio/webm');
    recording.cancel();
    recording.add(new Blob(['a']));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual(['open audio/webm', 'cancel 77']);
  });

  it('names one recording id on the live session and on its whole-file fallback, so the month counts it once (issue 21)', async () => {
    const ids: string[] = [];
    const { api } = fakeApi({ finish: new ApiError(410, 'Gone', '{}') });
    const recording = new LiveRecording(
      {
        ...api,
        open: async (mimeType, recordingId) => (ids.push(recordingId), api.open(mimeType, recordingId)),
        finish: async (...args) => (ids.push(args[3]), api.finish(...args)),
        whole: async (file, sent, recordingId) => (ids.push(recordingId), api.whole(file, sent, recordingId)),
      },
      'audio/webm',
    );
    expect((await recording.finish(record(recording, ['a']), turn)).transcript).toBe('whole');
    expect(ids).toHaveLength(3);
    expect(new Set(ids)).toEqual(new Set([recording.recordingId]));
    expect(recording.recordingId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('keeps the id it is given: a recording sent again in a new session is the same answer (issue 23)', async () => {
    const ids: string[] = [];
    const { api, calls } = fakeApi();
    const again = new LiveRecording({ ...api, finish: async (...args) => (ids.push(args[3]), api.finish(...args)) }, 'audio/webm', 'rec-first-1234');
    expect((await again.finish(record(again, ['whole recording']), turn)).transcript).toBe('live');
    expect(ids).toEqual(['rec-first-1234']);
    expect(calls).toEqual(['open audio/webm', 'send 77 0 whole recording', 'finish 77 1']);
  });

  it('sends nothing more when the month’s minutes are used: the refusal is the answer (issue 21)', async () => {
    const refusal = new ApiError(403, 'Forbidden', JSON.stringify({ message: 'You have used your 120 minutes for this month. They renew on 1 December.' }));
    const { api, calls } = fakeApi({ open: refusal });
    const recording = new LiveRecording(api, 'audio/webm');
    await expect(recording.finish(record(recording, ['a', 'b']), turn)).rejects.toBe(refusal);
    expect(calls).toEqual(['open audio/webm']);
  });
});
