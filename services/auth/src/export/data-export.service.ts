import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { EXPORT_MESSAGES, SERVICE_NAMES } from '@story/proto';
import { HttpError, ZipStreamWriter, collectExport, natsExportPart, type ExportPart, type LeaseStore, type NatsLink } from '@story/service-kit';
import { exportReadme } from './export-readme.ts';

export interface DataExportDeps {
  leases: LeaseStore;
  nats: NatsLink;
  clock: () => Date;
  /** How long one page of a service may take before the export fails. */
  pageTimeoutMs?: number;
  /** How long the per-person lease lasts unless renewed (it is renewed while the export runs). */
  leaseTtlMs?: number;
  /** The parts, in order (default: every service over NATS). */
  parts?: (userId: number) => ExportPart[];
}

/** An export the person may run now: it holds their lease until `write` ends, however it ends. */
export interface ExportRun {
  write(out: Writable): Promise<void>;
}

/**
 * A person's data as one ZIP (issue 24): the README, then every service's part, streamed. One export
 * at a time per person, across instances: a lease named after the person, renewed while the export
 * runs and released when it ends, fails or the reader goes away (and lapsing on its own should the
 * instance die). A part that fails (no answer in time, a refusal) aborts the ZIP: the download fails
 * rather than look complete without that part.
 */
export class DataExportService {
  private readonly pageTimeoutMs: number;
  private readonly leaseTtlMs: number;

  constructor(private readonly deps: DataExportDeps) {
    this.pageTimeoutMs = deps.pageTimeoutMs ?? 10_000;
    this.leaseTtlMs = deps.leaseTtlMs ?? 60_000;
  }

  /** Takes the person's export lease, or 409 while another export of theirs runs. */
  async start(userId: number): Promise<ExportRun> {
    const name = `export:${userId}`;
    const owner = randomUUID();
    const take = () => this.deps.leases.acquire(name, owner, this.deps.clock().getTime(), this.leaseTtlMs);
    if (!(await take())) throw new HttpError(409, EXPORT_MESSAGES.alreadyRunning);
    const release = () => this.deps.leases.release(name, owner);
    return {
      write: async (out) => {
        const renew = setInterval(() => void take().catch(() => undefined), Math.max(1000, this.leaseTtlMs / 3));
        try {
          await this.writeZip(userId, out);
        } finally {
          clearInterval(renew);
          await release();
        }
      },
    };
  }

  private async writeZip(userId: number, out: Writable): Promise<void> {
    const zip = new ZipStreamWriter(out);
    const parts = this.deps.parts?.(userId) ?? SERVICE_NAMES.map((service) => natsExportPart(this.deps.nats, service, userId, this.pageTimeoutMs));
    await zip.writeText('README.md', exportReadme(this.deps.clock()));
    await collectExport(parts, (chunk) => zip.write(chunk));
    await zip.end();
  }
}
