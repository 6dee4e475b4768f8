/** The résumé parsing library (issue 22): what the profile service's routes and jobs use. */
export { parseResumeUpload, type ParsedResumeUpload, type ResumeTextParser } from './resume-upload.parser.ts';
export { extractResumeLines, RESUME_MAX_CHARACTERS, type ResumeLinesExtractor } from './resume-text.extractor.ts';
export { ResumeExtractionPool, type ResumeExtractionOptions } from './resume-extraction.pool.ts';
export { parseResumeText } from './offline-resume.parser.ts';
export { createResumeParser, OfflineResumeParser, OpenAiResumeParser, type ResumeParser } from './openai-resume.parser.ts';
export { checkResumeFile, formatOfFileName } from './resume-file.guard.ts';
export { sanitiseLine } from './resume-text.sanitiser.ts';
