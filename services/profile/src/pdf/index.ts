/** The résumé as a PDF (issue 22, 6). */
export { renderResumePdf, type ResumePaper } from './resume-pdf.ts';
