import { EXPORT_MESSAGES, exportPageReplySchema, exportPageSubject, type ExportChunk, type ServiceName } from '@story/proto';
import { HttpError } from '../errors.ts';
import { ask } from '../nats-asker.ts';
import type { NatsLink } from '../nats-link.ts';

/** One service's part of an export, a page at a time: its chunks and where the next page starts (none after the last). */
export interface ExportPart {
  service: ServiceName;
  page(cursor: string | undefined): Promise<{ chunks: ExportChunk[]; next?: string | undefined }>;
}

/** Where the chunks go; resolves once the chunk is written and the reader is ready for more (backpressure). */
export type ExportSink = (chunk: ExportChunk) => Promise<void>;

/** A service's part asked over NATS; a page not answered within `timeoutMs`, refused or malformed fails the export (503 naming the service). */
export function natsExportPart(nats: NatsLink, service: ServiceName, userId: number, timeoutMs: number): ExportPart {
  return {
    service,
    async page(cursor) {
      const answer = exportPageReplySchema.safeParse(await ask(nats, service, exportPageSubject(service), { userId, cursor }, timeoutMs));
      if (!answer.success || !answer.data.ok) throw new HttpError(503, EXPORT_MESSAGES.partFailed(service));
      return answer.data;
    },
  };
}

const safePath = (path: string, service: string) => path.startsWith(`${service}/`) && !path.split('/').some((part) => part === '..' || part === '');

/**
 * Writes every part into `sink`, one part after the other and one page at a time: the next page is
 * asked for only once the previous page's chunks are written, so a slow reader slows the services
 * down instead of filling memory. A chunk outside its service's folder fails the export.
 */
export async function collectExport(parts: readonly ExportPart[], sink: ExportSink): Promise<void> {
  for (const part of parts) {
    let cursor: string | undefined;
    do {
      const page = await part.page(cursor);
      for (const chunk of page.chunks) {
        if (!safePath(chunk.path, part.service)) throw new HttpError(503, EXPORT_MESSAGES.partFailed(part.service));
        await sink(chunk);
      }
      if (page.next !== undefined && page.next === cursor) throw new HttpError(503, EXPORT_MESSAGES.partFailed(part.service));
      cursor = page.next;
    } while (cursor !== undefined);
  }
}
