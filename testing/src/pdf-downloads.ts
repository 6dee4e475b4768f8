import type { ServiceApp } from '@story/service-kit';

/** How a service answered PDF downloads of one kind so far, as its `/metrics` says (0 for an outcome not seen). */
export interface PdfDownloadCounts {
  rendered: number;
  cached: number;
  joined: number;
}

/** Reads `story_pdf_downloads_total` of `kind` from the service's own `/metrics`, as Prometheus would. */
export async function pdfDownloadCounts(app: ServiceApp, kind: string): Promise<PdfDownloadCounts> {
  const lines = (await app.inject({ method: 'GET', url: '/metrics' })).body.split('\n');
  const count = (outcome: string) =>
    lines
      .filter((line) => line.startsWith('story_pdf_downloads_total{') && line.includes(`kind="${kind}"`) && line.includes(`outcome="${outcome}"`))
      .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  return { rendered: count('rendered'), cached: count('cached'), joined: count('joined') };
}
