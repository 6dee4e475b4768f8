import type { PdfPaper, ResumeContent } from '@story/proto';
import { PdfRenderer, type PdfRenderingConfig } from '@story/service-kit/pdf/pdf-renderer';
import type { ResumePdfRenderer } from '../resumes/resume-engines.ts';

/** What a résumé's PDF is drawn from: the version's content and the paper. */
export interface ResumePdfInput {
  content: ResumeContent;
  paper: PdfPaper;
}

/**
 * The service's résumé PDFs: drawn by `resume-pdf.thread.ts` on a rendering thread, one at a time per
 * person, and kept while the version is unchanged. `close` ends the threads.
 */
export function resumePdfRenderer(config: PdfRenderingConfig): { render: ResumePdfRenderer; forget: (userId: number) => void; close: () => Promise<void> } {
  const pdfs = new PdfRenderer<ResumePdfInput>(new URL('./resume-pdf.thread.ts', import.meta.url), config, { purpose: 'résumé PDFs' });
  return {
    render: (userId, resume, paper) => pdfs.render({ owner: userId, kind: 'resume', document: resume.id, input: { content: resume.content, paper } }),
    forget: (userId) => pdfs.forget(userId),
    close: () => pdfs.close(),
  };
}
