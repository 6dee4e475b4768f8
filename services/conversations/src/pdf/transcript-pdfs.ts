import type { PdfPaper } from '@story/proto';
import type { Transcript } from '@story/service-kit/pdf';
import { PdfRenderer, type PdfRenderingConfig } from '@story/service-kit/pdf/pdf-renderer';

/** What a transcript's PDF is drawn from: the transcript (already bounded), the paper and the person's time zone. */
export interface TranscriptPdfInput {
  transcript: Transcript;
  paper: PdfPaper;
  timeZone?: string;
}

export type TranscriptPdfs = PdfRenderer<TranscriptPdfInput>;

/** The service's PDF renderer: threads' and practices' transcripts, drawn by `transcript-pdf.thread.ts`. */
export function transcriptPdfRenderer(config: PdfRenderingConfig): TranscriptPdfs {
  return new PdfRenderer<TranscriptPdfInput>(new URL('./transcript-pdf.thread.ts', import.meta.url), config, { purpose: 'conversation PDFs' });
}
