/**
 * Exporting everything a person keeps (issue 24, `GET /api/export`): the auth service writes the ZIP
 * and asks every service for its part, a page at a time (`<service>.export.page`). A page carries
 * whole files or slices of one (base64 of the file's bytes, continued on the next page while `more`),
 * at most EXPORT_PAGE_BUDGET_BYTES of data, so no NATS message comes near the 1 MB limit and the ZIP
 * asks for the next page only once the previous one is written.
 */
import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from './routes.ts';

/** Each service's export subject, answered in its queue group. */
export const exportPageSubject = (service: ServiceName): string => `${service}.export.page`;
export const EXPORT_SUBJECTS = Object.fromEntries(SERVICE_NAMES.map((service) => [service, exportPageSubject(service)])) as Record<ServiceName, string>;

/** The most base64 data one page carries (its JSON framing adds little): a quarter of NATS's 1 MB payload. */
export const EXPORT_PAGE_BUDGET_BYTES = 256 * 1024;

export const exportPageRequestSchema = z.object({
  userId: z.number().int().positive(),
  /** Where the previous page stopped (its `next`); absent for the first page. */
  cursor: z.string().max(1000).optional(),
});
export type ExportPageRequest = z.infer<typeof exportPageRequestSchema>;

/** A file of the export, or a slice of it: `data` is base64 of the bytes from where the previous slice ended. */
export const exportChunkSchema = z.object({
  /** The file's path inside the ZIP, under the service's folder. */
  path: z.string().min(1).max(300),
  data: z.string(),
  /** The file goes on in the next chunk (maybe on the next page). */
  more: z.boolean().optional(),
  /** Already compressed (MP3): stored in the ZIP as it is, not deflated again. */
  stored: z.boolean().optional(),
});
export type ExportChunk = z.infer<typeof exportChunkSchema>;

export const exportPageReplySchema = z.union([
  z.object({ ok: z.literal(true), chunks: z.array(exportChunkSchema), next: z.string().optional() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type ExportPageReply = z.infer<typeof exportPageReplySchema>;

export const EXPORT_MESSAGES = {
  alreadyRunning: 'An export of your data is already running. Wait for it to finish, then try again.',
  partFailed: (service: string) => `The ${service} service could not export its part of your data.`,
  /** The web app's words when the download failed without the server's (a dropped connection, a part that failed mid-stream). */
  downloadFailed: 'Your data could not be exported. Please try again.',
} as const;
