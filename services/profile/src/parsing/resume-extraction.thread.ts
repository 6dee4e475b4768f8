// The worker thread that reads résumé files (issue 36), started by ResumeExtractionPool: each task is
// one file's format and bytes, its answer the file's plain lines, or its HttpError's status and message.
import { strToU8, zipSync } from 'fflate';
import { serveIsolatedTask } from '@story/service-kit/isolation';
import type { ResumeExtractionTask } from './resume-extraction.pool.ts';
import { extractResumeLines } from './resume-text.extractor.ts';

const WARM_UP_PDF = strToU8(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 300 60] /Contents 4 0 R /Resources <</Font <</F1 5 0 R>>>>>> endobj\n' +
    '4 0 obj <</Length 51>> stream\nBT /F1 12 Tf 10 30 Td (Warming up the reader) Tj ET\nendstream endobj\n' +
    '5 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
const WARM_UP_DOCX = zipSync({
  'word/document.xml': strToU8(
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Warming up the reader</w:t></w:r></w:p></w:body></w:document>',
  ),
});

// pdfjs loads its document parser (a 2 MB module) on its first file, and mammoth and the layout are
// compiled on theirs: reading two small files now makes that part of the thread's start, which the
// pool does not count against the first person's deadline.
await extractResumeLines('pdf', WARM_UP_PDF).catch(() => undefined);
await extractResumeLines('docx', WARM_UP_DOCX).catch(() => undefined);

serveIsolatedTask<ResumeExtractionTask, string[]>(({ format, bytes }) => extractResumeLines(format, bytes));
