/**
 * The job site's own words that come along when a posting is copied: buttons ("Apply now", "Save
 * job", "Show more", "Report this job"), navigation and cookie banners. Only whole lines that are
 * nothing but such words are dropped (and a trailing "…see more"), never a word of a line that
 * says something about the job.
 */

const BUTTON_LINES = new Set(
  [
    'apply', 'apply now', 'apply for this job', 'apply for this position', 'apply to this job', 'easy apply', 'quick apply',
    'apply on company site', 'apply on company website', 'apply on employer site', "i'm interested", 'i’m interested',
    'save', 'save job', 'save this job', 'saved', 'unsave', 'share', 'share job', 'share this job', 'report', 'report job',
    'report this job', 'report this listing', 'show more', 'show less', 'see more', 'see less', 'read more', 'read less',
    'view more', '…more', '... more', '...more', '… more', 'back', 'back to search', 'back to search results', 'back to jobs', 'back to all jobs',
    'view all jobs', 'see all jobs', 'similar jobs', 'more jobs like this', 'skip to main content', 'skip to content', 'sign in',
    'sign in to apply', 'sign up', 'join now', 'log in', 'print', 'print job', 'email job', 'email this job', 'copy link',
    'get job alerts', 'create job alert', 'set alert', 'job alert', 'turn on job alerts', 'follow', 'following', 'message',
    'promoted', 'reposted', 'actively recruiting', 'actively hiring', 'be an early applicant', 'responses managed off linkedin',
    'am i a good fit for this job?', 'tailor my resume', 'how can i best position myself for this job?',
    'pulled from the full job description', 'full job description', 'hiring insights', 'job activity',
    'see how you compare to other applicants', 'try premium for free', 'retry premium for free', 'show all', 'close', 'dismiss', 'menu',
    'jetzt bewerben', 'merken', 'teilen', 'job speichern', 'postuler', 'sauvegarder', 'postularme', 'guardar', '応募する',
  ].map((line) => line.toLowerCase()),
);

/** The buttons of a cookie banner, dropped only next to its text. */
const COOKIE_BUTTON =
  /^(?:accept|ok|okay|got it|i agree|agree|allow|reject|decline|deny|refuse|settings|preferences|manage preferences|customi[sz]e(?: settings)?|more info(?:rmation)?|learn more|privacy policy|cookie policy|necessary only|only necessary|save preferences|confirm my choices)(?: all)?(?: cookies)?[.!]?$/i;

/** A line of a cookie banner: the site saying it uses cookies, or asking to accept or manage them. */
function isCookieNotice(line: string): boolean {
  if (!/\bcookies?\b/i.test(line)) return false;
  if (/\b(?:we|this (?:web)?site|our (?:web)?site|this page|our partners)\s+(?:and \w+ )?(?:use|uses|using)\s+cookies\b/i.test(line)) return true;
  if (/\b(?:accept|allow|reject|decline|manage|necessary|essential|functional|analytics|marketing)\b.{0,24}\bcookies\b/i.test(line) && line.split(/\s+/).length <= 8) return true;
  if (/\bcookies?\s+(?:settings|preferences|policy|notice|consent|banner)\b/i.test(line)) return true;
  return /\bcookies?\b/i.test(line) && /\b(?:consent|by (?:clicking|continuing|using)|you agree|privacy (?:policy|statement))\b/i.test(line);
}

/** How a line compares against the button list: lower case, single spaces, no arrows or counts around it. */
function buttonKey(line: string): string {
  return line
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s›»→>‹«←<]+|[\s›»→>‹«←<]+$/g, '')
    .trim();
}

/** "Show more" style words at the end of a truncated line. */
const TRUNCATION_TAIL = /\s*(?:…|\.{3})\s*(?:see|show|read)?\s*more$/i;

/** A line with a trailing "…see more" (a site's truncation control) taken off. */
export function withoutTruncationTail(line: string): string {
  return line.replace(TRUNCATION_TAIL, '');
}

/**
 * Which lines are site junk: buttons and navigation on their own line, cookie banner text, and the
 * banner's buttons within three lines of it.
 */
export function findJunkLines(lines: readonly string[]): boolean[] {
  const trimmed = lines.map((line) => line.trim());
  const cookie = trimmed.map(isCookieNotice);
  const nearCookie = (index: number) => cookie.slice(Math.max(0, index - 3), index + 4).some(Boolean);
  return trimmed.map((line, index) => {
    if (!line) return false;
    if (cookie[index]) return true;
    if (BUTTON_LINES.has(buttonKey(line))) return true;
    return COOKIE_BUTTON.test(line) && nearCookie(index);
  });
}
