import { PDF_DOWNLOADS, conversationPdfQuerySchema, mockInterviewParamsSchema, type MockInterview, type PdfPaper } from '@story/proto';
import { planFeaturesOnly, requireUser, type PlanCheck, type ServiceApp } from '@story/service-kit';
import { pdfFileName, sendPdf } from '@story/service-kit/pdf';
import { PdfRenderer, type PdfRenderingConfig } from '@story/service-kit/pdf/pdf-renderer';
import type { MockInterviewService } from './mock-interview.service.ts';

/** What a report's PDF is drawn from: the interview as its GET gives it, the paper and the person's time zone. */
export interface MockReportPdfInput {
  interview: MockInterview;
  paper: PdfPaper;
  timeZone?: string;
}

export type MockReportPdfs = PdfRenderer<MockReportPdfInput>;

/** The service's PDF renderer: mock interviews' reports, drawn by `mock-report-pdf.thread.ts`. */
export function mockReportPdfRenderer(config: PdfRenderingConfig): MockReportPdfs {
  return new PdfRenderer<MockReportPdfInput>(new URL('./mock-report-pdf.thread.ts', import.meta.url), config, { purpose: 'mock interview reports' });
}

/**
 * `GET /api/mock-interviews/{id}/pdf?paper=a4|letter&timeZone=`: the caller's own mock interview's
 * report (404 otherwise, as its GET), for plans with what PDF_DOWNLOADS says it needs; drawn on a
 * rendering thread, one at a time per person, and made once while the interview is unchanged.
 */
export function registerMockReportPdfRoute(app: ServiceApp, interviews: MockInterviewService, pdfs: MockReportPdfs, plans: PlanCheck): void {
  app.get(
    PDF_DOWNLOADS.mockReport.path,
    { ...planFeaturesOnly(plans, ...PDF_DOWNLOADS.mockReport.needs), schema: { params: mockInterviewParamsSchema, querystring: conversationPdfQuerySchema } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { paper, timeZone } = request.query;
      const interview = await interviews.get(userId, request.params.id);
      const pdf = await pdfs.render({ owner: userId, kind: 'mock-report', document: interview.id, input: { interview, paper, timeZone } });
      return sendPdf(reply, pdfFileName(`Mock interview ${interview.jobTitle} ${interview.companyName}`, 'Mock-interview'), pdf);
    },
  );
}
