// A rendering thread of the profile service (issue 36, 3): draws a résumé as a PDF, off the service's
// event loop. Imports only the drawing.
import { servePdfDrawing } from '@story/service-kit/pdf';
import { renderResumePdf } from './resume-pdf.ts';
import type { ResumePdfInput } from './resume-pdfs.ts';

servePdfDrawing<ResumePdfInput>((input) => renderResumePdf(input.content, input.paper));
