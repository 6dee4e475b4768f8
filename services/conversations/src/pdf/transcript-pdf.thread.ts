// A rendering thread of the conversations service (issue 36, 3): draws a thread's or a snippet's
// practice transcript as a PDF, off the service's event loop. Imports only the drawing pieces.
import { renderTranscriptPdf, servePdfDrawing } from '@story/service-kit/pdf';
import type { TranscriptPdfInput } from './transcript-pdfs.ts';

/** What the conversations service's PDFs say made them. */
const PDF_CREATOR = 'Story conversations';

servePdfDrawing<TranscriptPdfInput>((input) => renderTranscriptPdf(input.transcript, input.paper, input.timeZone, PDF_CREATOR));
