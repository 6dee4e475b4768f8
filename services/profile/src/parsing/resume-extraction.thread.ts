// The worker thread that reads résumé files (issue 36), started by ResumeExtractionPool: each task is
// one file's format and bytes, its answer the file's plain lines, or its HttpError's status and message.
import { serveIsolatedTask } from '@story/service-kit/isolation';
import type { ResumeExtractionTask } from './resume-extraction.pool.ts';
import { extractResumeLines } from './resume-text.extractor.ts';

serveIsolatedTask<ResumeExtractionTask, string[]>(({ format, bytes }) => extractResumeLines(format, bytes));
