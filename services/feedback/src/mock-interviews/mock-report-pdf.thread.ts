// A rendering thread of the feedback service (issue 36, 3): draws a mock interview's report as a PDF,
// off the service's event loop. Imports only the drawing.
import { servePdfDrawing } from '@story/service-kit/pdf';
import { renderMockReportPdf } from './mock-report-pdf.ts';
import type { MockReportPdfInput } from './mock-report-pdf.routes.ts';

servePdfDrawing<MockReportPdfInput>((input) => renderMockReportPdf(input.interview, input.paper, input.timeZone));
