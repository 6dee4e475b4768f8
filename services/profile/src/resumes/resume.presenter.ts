import type { Resume } from '@story/proto';
import type { ResumeRecord } from './resume.repository.ts';

/** A kept résumé as the API answers with it: never the raw stored record (no owner, no dismissed ids). */
export function presentResume(record: ResumeRecord): Resume {
  return {
    id: record.id,
    version: record.version,
    reviewed: record.reviewed,
    fileName: record.fileName,
    format: record.format,
    content: record.content,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    bulletThreads: record.bulletThreads,
  };
}
