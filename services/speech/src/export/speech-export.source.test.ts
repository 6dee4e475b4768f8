import { describe, expect, it } from 'vitest';
import { exportedUsageSchema } from '@story/proto';
import { exportPage } from '@story/service-kit';
import { openSqliteSpeechStorage } from '../storage/speech-storage.ts';
import { SpeechExportSource } from './speech-export.source.ts';

describe('SpeechExportSource (SQLite)', () => {
  it('exports the recording-minutes ledger month by month and recording by recording, of one person only', async () => {
    const storage = openSqliteSpeechStorage(':memory:');
    const record = (userId: number, recordingId: string, period: string, seconds: number, at: string) =>
      storage.usage.record({ userId, recordingId, audioSha256: `sha-of-${recordingId}`, period, seconds, at: new Date(at), sameSince: new Date(0) });
    await record(1, 'rec-00000001', '2026-10', 30, '2026-10-05T10:00:00.000Z');
    await record(1, 'rec-00000002', '2026-11', 45.5, '2026-11-02T10:00:00.000Z');
    await record(1, 'rec-00000003', '2026-11', 10, '2026-11-03T10:00:00.000Z');
    await record(2, 'rec-00000004', '2026-11', 99, '2026-11-03T10:00:00.000Z');
    const source = new SpeechExportSource(storage.usage);

    const page = await exportPage(source, 'speech', 1, undefined);
    expect(page.chunks.map((chunk) => chunk.path)).toEqual(['speech/usage.json']);
    const usage = exportedUsageSchema.parse(JSON.parse(Buffer.from(page.chunks[0]!.data, 'base64').toString()));
    expect(usage.months).toEqual([
      { period: '2026-10', usedSeconds: 30 },
      { period: '2026-11', usedSeconds: 55.5 },
    ]);
    expect(usage.recordings.map((entry) => entry.recordingId)).toEqual(['rec-00000001', 'rec-00000002', 'rec-00000003']);
    expect((await exportPage(source, 'speech', 3, undefined)).chunks).toEqual([]);
    await storage.close();
  });
});
