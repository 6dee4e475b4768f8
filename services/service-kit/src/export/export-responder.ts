import { EXPORT_MESSAGES, exportPageRequestSchema, exportPageSubject, QUEUE_GROUPS, type ServiceName } from '@story/proto';
import type { ServiceApp } from '../http-app.ts';
import type { NatsLink } from '../nats-link.ts';
import { startResponders, type NatsResponder } from '../nats-responders.ts';
import { exportPage, type ExportSource } from './export-source.ts';

/** The answer to `<service>.export.page`: the source's page under the service's folder. */
export function exportResponder(service: ServiceName, source: ExportSource, budgetBytes?: number): NatsResponder {
  const refusal = { ok: false, message: EXPORT_MESSAGES.partFailed(service) };
  return {
    subject: exportPageSubject(service),
    async answer(body) {
      const request = exportPageRequestSchema.safeParse(body);
      if (!request.success) return refusal;
      return exportPage(source, service, request.data.userId, request.data.cursor, budgetBytes);
    },
    failureReply: refusal,
  };
}

/**
 * Serves a service's part of the data export (issue 24) once NATS is connected, in the service's
 * queue group (any instance answers any page: the cursor says where to go on), stopped with the app.
 */
export function registerExportSource(app: ServiceApp, nats: NatsLink, service: ServiceName, source: ExportSource): void {
  let stop: (() => Promise<void>) | undefined;
  nats.onConnect((nc, log) => {
    stop = startResponders(nc, QUEUE_GROUPS[service], [exportResponder(service, source)], log);
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
