import type { ExportedUsage } from '@story/proto';
import { jsonFile, type ExportFile, type ExportSource } from '@story/service-kit';
import type { UsageLedgerRepository } from '../usage/usage-ledger.repository.ts';

/**
 * The speech service's part of the data export: the recording-minutes ledger, month by month and
 * recording by recording. (The spoken replies it keeps are a short-lived cache until a message is
 * saved with its reply; the saved ones are in the conversations part.)
 */
export class SpeechExportSource implements ExportSource {
  constructor(private readonly usage: UsageLedgerRepository) {}

  async keys(userId: number): Promise<string[]> {
    return (await this.usage.entriesOf(userId)).length > 0 ? ['usage'] : [];
  }

  async files(userId: number): Promise<ExportFile[]> {
    const entries = await this.usage.entriesOf(userId);
    const months = new Map<string, number>();
    for (const entry of entries) months.set(entry.period, (months.get(entry.period) ?? 0) + entry.seconds);
    const exported: ExportedUsage = {
      months: [...months].sort(([a], [b]) => a.localeCompare(b)).map(([period, usedSeconds]) => ({ period, usedSeconds })),
      recordings: entries.map((entry) => ({
        recordingId: entry.recordingId,
        period: entry.period,
        seconds: entry.seconds,
        recordedAt: entry.at.toISOString(),
      })),
    };
    return [jsonFile('usage.json', exported)];
  }
}
