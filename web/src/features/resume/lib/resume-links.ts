/** Where the résumé area's screens are, and where it links out to. */
export const RESUME_PATH = '/resume';
export const RESUME_UPLOAD_PATH = '/resume/upload';
export const RESUME_REVIEW_PATH = '/resume/review';

/** "Tell the story behind this line": the coach asked about one bullet (the coach's side reads these). */
export function tellStoryPath(resumeId: number, bulletId: string): string {
  return `/welcome?${new URLSearchParams({ resume: String(resumeId), bullet: bulletId }).toString()}`;
}

/** The conversation thread a story was told in, continued as the thread list's Continue does. */
export function threadPath(threadId: number): string {
  return `/recording?${new URLSearchParams({ mode: 'continue', threadId: String(threadId) }).toString()}`;
}

/** The id of a bullet's text on the résumé page (focused after its suggestion is acted on). */
export const bulletElementId = (bulletId: string) => `bullet-${bulletId}`;
