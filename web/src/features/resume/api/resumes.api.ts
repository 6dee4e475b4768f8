import {
  CSRF_HEADER,
  messageResponseSchema,
  resumeResponseSchema,
  resumeSuggestionsResponseSchema,
  resumeVersionsResponseSchema,
  type Resume,
  type ResumeContent,
  type ResumeSuggestionsResponse,
} from '@story/proto';
import { ApiError, httpClient } from '../../../api/http-client.ts';

/*
 * Résumés go over REST (issue 22): the profile service serves no subgraph, and the upload and the
 * PDF are files.
 */

export type ResumePaper = 'a4' | 'letter';
export type ResumeVersions = ReturnType<typeof resumeVersionsResponseSchema.parse>['versions'];

const parseResume = (data: unknown): Resume => resumeResponseSchema.parse(data).resume;

/** The current résumé, or null when the person has none yet (404). */
export async function fetchCurrentResume(): Promise<Resume | null> {
  try {
    return await httpClient.get('/api/resumes/current', { parse: parseResume });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The reviewed or edited content saved as the résumé's next version; `basedOn` is the version the
 * edit was made on, so a version saved since (another tab) is not overwritten (409).
 */
export function saveResume(id: number, content: ResumeContent, basedOn: number): Promise<Resume> {
  return httpClient.put(`/api/resumes/${id}`, { content, basedOn }, { parse: parseResume });
}

export function fetchResumeSuggestions(id: number): Promise<ResumeSuggestionsResponse> {
  return httpClient.get(`/api/resumes/${id}/suggestions`, { parse: (data) => resumeSuggestionsResponseSchema.parse(data) });
}

/** Accepting a suggestion puts its rewrite in the bullet's place: the résumé's new version. */
export function acceptSuggestion(id: number, suggestionId: string): Promise<Resume> {
  return httpClient.post(`/api/resumes/${id}/suggestions/${encodeURIComponent(suggestionId)}/accept`, undefined, { parse: parseResume });
}

/** Dismisses a suggestion; what the service says about it. */
export async function dismissSuggestion(id: number, suggestionId: string): Promise<string> {
  const answer = await httpClient.post(`/api/resumes/${id}/suggestions/${encodeURIComponent(suggestionId)}/dismiss`, undefined, {
    parse: (data) => messageResponseSchema.parse(data),
  });
  return answer.message;
}

export async function fetchResumeVersions(id: number): Promise<ResumeVersions> {
  const answer = await httpClient.get(`/api/resumes/${id}/versions`, { parse: (data) => resumeVersionsResponseSchema.parse(data) });
  return answer.versions;
}

/** The address of the résumé's PDF on the paper chosen. */
export const resumePdfPath = (id: number, paper: ResumePaper) => `/api/resumes/${id}/pdf?paper=${paper}`;

/** The upload's progress: the share of its bytes sent (0 to 1), then `onSent` while the service reads it. */
export interface UploadProgress {
  onProgress: (fraction: number) => void;
  onSent: () => void;
}

/**
 * POST /api/resumes with the file as its one field `file`, through XMLHttpRequest (fetch cannot
 * report an upload's progress), with the session cookie and the CSRF header; fails as the HTTP client does.
 */
export async function uploadResume(file: File, progress: UploadProgress, signal?: AbortSignal): Promise<Resume> {
  const token = await httpClient.csrfToken();
  const form = new FormData();
  form.append('file', file);
  const answer = await new Promise<{ status: number; statusText: string; body: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/resumes');
    request.withCredentials = true;
    request.setRequestHeader(CSRF_HEADER, token);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) progress.onProgress(event.loaded / event.total);
    });
    request.upload.addEventListener('load', () => progress.onSent());
    request.addEventListener('load', () => resolve({ status: request.status, statusText: request.statusText, body: request.responseText }));
    request.addEventListener('error', () => reject(new TypeError('Network error while uploading')));
    request.addEventListener('abort', () => reject(new DOMException('The upload was stopped', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.statusText, answer.body);
  return parseResume(JSON.parse(answer.body));
}
