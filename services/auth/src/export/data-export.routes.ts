import { PassThrough } from 'node:stream';
import { requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import type { DataExportService } from './data-export.service.ts';

/** The ZIP's file name: the day of the export. */
export const exportFileName = (now: Date): string => `story-export-${now.toISOString().slice(0, 10)}.zip`;

/**
 * `GET /api/export`: everything the person keeps, as a ZIP streamed while it is written (never whole
 * in memory). 409 while another export of theirs runs. A failure after the first bytes can no longer
 * change the status: the stream is aborted, so the download fails instead of ending as a broken ZIP.
 */
export function registerDataExportRoutes(app: ServiceApp, exports: DataExportService, clock: () => Date): void {
  app.get('/api/export', { ...signedInOnly }, async (request, reply) => {
    const identity = requireUser(request);
    const run = await exports.start(identity.userId);
    const out = new PassThrough({ highWaterMark: 256 * 1024 });
    // The reader going away ends the stream; `write` then fails and releases the lease.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) out.destroy();
    });
    run.write(out).catch((error: unknown) => {
      request.log.warn({ err: error, userId: identity.userId }, 'data export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${exportFileName(clock())}"`)
      .header('cache-control', 'no-store')
      .send(out);
  });
}
