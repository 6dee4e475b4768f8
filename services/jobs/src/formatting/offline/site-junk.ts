/**
 * The job site's own words that come along when a posting is copied: buttons ("Apply now", "Save
 * job", "Show more", "Report this job"), badges and nudges ("Promoted by hirer", "See how you
 * compare to 43 applicants"), navigation, share links, footers and cookie banners. Only whole lines
 * that are nothing but such words are dropped (and a trailing "…see more" or " - job post", and
 * the badges of a "·"-separated line), never a word of a line that says something about the job.
 * The site's blocks (a recruiter card, an application form, the other jobs after the posting) are
 * found in `junk-blocks.ts`.
 */
import { SITE_NAMES, findJunkBlocks } from './junk-blocks.ts';
import { CONNECTION_DEGREE, buttonKey, fieldsOf } from './line-keys.ts';

// prettier-ignore
const BUTTON_LINES = new Set(
  [
  'apply', 'apply now', 'apply for this job', 'apply for this position', 'apply for this role', 'apply to this job', 'easy apply', 'quick apply',
  'easily apply', 'apply on company site', 'apply on company website', 'apply on employer site', 'apply with linkedin', 'apply with indeed',
  "i'm interested", 'i’m interested', 'introduce yourself', 'submit application', 'submit your application', 'view job', 'view job posting', 'save',
  'save job', 'save this job', 'saved', 'unsave', 'share', 'share job', 'share this job', 'report', 'report job', 'report this job',
  'report this listing', 'show more', 'show less', 'see more', 'see less', 'read more', 'read less', 'show more options', 'view more', '…more',
  '... more', '...more', '… more', 'back', 'back to search', 'back to search results', 'back to jobs', 'back to all jobs', 'back to all positions',
  'back to all openings', 'back to careers', 'view all jobs', 'see all jobs', 'view all positions', 'similar jobs', 'more jobs like this',
  'skip to main content', 'skip to content', 'sign in', 'sign in to apply', 'sign up', 'join now', 'log in', 'print', 'print job', 'email job',
  'email this job', 'copy link', 'link copied', 'get job alerts', 'create job alert', 'set alert', 'job alert', 'turn on job alerts',
  'sign in to create job alert', 'set alert for similar jobs', 'follow', 'following', 'follow us', 'message', 'promoted', 'promoted by hirer',
  'reposted', 'actively recruiting', 'actively hiring', 'actively reviewing applicants', 'be an early applicant', 'be the first to apply',
  'urgently hiring', 'hiring multiple candidates', 'recruiter recently active', 'responses managed off linkedin', 'am i a good fit for this job?',
  'tailor my resume', 'help me stand out', 'how can i best position myself for this job?', 'show match details', 'is this information helpful?',
  'beta', 'pulled from the full job description', 'full job description', 'profile insights', 'hiring insights', 'job activity',
  'meet the hiring team', 'people you can reach out to', 'job poster', 'see who you know', 'company photos', 'company ratings',
  'interested in working with us in the future?', 'looking for talent?', 'post a job', 'refer a friend', 'join our talent community',
  'join our talent network', 'read our privacy policy', 'unsubscribe', 'search for jobs', 'careers home', 'see how you compare to other applicants',
  'try premium for free', 'retry premium for free', 'show all', 'close', 'dismiss', 'menu', 'jetzt bewerben', 'merken', 'teilen', 'job speichern',
  'gehalt anzeigen', 'stellenanzeige melden', 'anzeige melden', 'postuler', 'sauvegarder', 'signaler cette offre', 'postularme', 'guardar', '応募する',
  'voir plus', 'voir moins', 'partager', 'enregistrer', 'mehr anzeigen', 'weniger anzeigen', 'ver más', 'ver menos', 'compartir', 'apply manually',
  'autofill with resume', 'use my last application', 'verified', 'verified job', 'application submitted', 'see more jobs',
  'view similar jobs with this employer',
].map((line) => line.toLowerCase()),
);

/**
 * Lines that are the site's own sentences: nudges, upsells, insights, ratings, counts and legal
 * boilerplate of the site (not of the employer). Each is short, or its words cannot be a posting's.
 */
const SITE_SENTENCES: readonly RegExp[] = [
  /^see how you compare to (?:over )?[\d,]+\+? (?:other )?applicants$/i,
  /^(?:try|retry|reactivate|get) premium\b/i,
  /^job search faster with premium$/i,
  /\bwith premium\b.*\b(?:exclusive|advice|insights)\b|\b(?:exclusive|advice|insights)\b.*\bwith premium\b/i,
  /^cancel anytime\b/i,
  /^no hidden fees\.?$/i,
  /^access (?:company|exclusive|applicant) insights\b/i,
  /^(?:let employers find you|upload your (?:resume|cv))\b/i,
  /^applied \d+ (?:minutes?|hours?|days?|weeks?|months?) ago$/i,
  /^matches your (?:job )?preferences\b/i,
  /^(?:your profile|you) (?:matches?|is missing|are missing)\b.{0,60}\bqualifications?\b/i,
  /^tell me more about [^.!?]{1,60}$/i,
  /^learn more about [^.!?:/]{1,60}$/i,
  /^skills?:.*\+\s?\d+ more$/i,
  /^[\d,.]+\s?[kKmM]? followers$/i,
  /^\d[\d,.]*\s?[kKmM]?\s+(?:comments?|reposts?|shares?|reactions?|likes?)(?:\s*[·•]?\s*\d[\d,.]*\s?[kKmM]?\s+(?:comments?|reposts?|shares?|reactions?|likes?))*$/i,
  /^\d(?:[.,]\d)?\s*(?:★|⭐|stars?)$/iu,
  /^\d(?:[.,]\d)? out of 5(?: stars)?$/i,
  /^[★☆⭐]+$/u,
  /^page \d+ of \d+$/i,
  /^(?:copyright\s*)?(?:©|\(c\))/i,
  /^[*✱]\s*(?:indicates a )?required(?: field)?$/i,
  /^accepted file types:/i,
  /^here['’]s how the job\b.*\byour profile\.?$/i,
  /^employer active\b/i,
  /^responded to \d+%/i,
  /^hiring (?:\d+|multiple) candidates\b/i,
  /^referrals increase your chances\b/i,
  /^get notified about new\b/i,
  /^privately share your profile with our recruiters\b/i,
  /\bindeed is not responsible for the employer['’]s application process\b/i,
  /\b(?:this|the information in this) (?:e-?mail|message)\b.{0,80}\b(?:confidential|privileged|intended (?:solely|only) for)\b/i,
];

/** Site sentences that could be a posting's, so they count only up to so many words. */
const SHORT_SITE_SENTENCES: readonly (readonly [RegExp, number])[] = [
  [/\ball rights reserved\.?$/i, 14],
  [/©\s?\d{4}/u, 14],
  [/\b(?:sign up|subscribe|set up|create|turn on)\b.{0,30}\bjob alerts?\b/i, 25],
  [/\b\d[\d,.]*\+? on linkedin\b/i, 14],
  [/^company logo\b/i, 8],
  [/^(?:jobs )?powered by\b/i, 5],
];

/** A reaction count under a social post: emoji and a number ("👍❤️ 128"). */
const REACTIONS = /^[\p{Extended_Pictographic}\uFE0F\u200d\s]+[\d,.]+\s?[kKmM]?$/u;

/** Navigation and footer links: junk in a run of three or more such lines, or as fields of one line ("Privacy Policy | Terms"). */
// prettier-ignore
const NAVIGATION = new Set(
  [
  'home', 'my network', 'jobs', 'messaging', 'messages', 'notifications', 'me', 'for business', 'search', 'community', 'companies', 'salaries',
  'for employers', 'employers', 'careers', 'about', 'about us', 'blog', 'contact', 'contact us', 'products', 'pricing', 'press', 'help',
  'help center', 'accessibility', 'privacy & terms', 'privacy', 'privacy policy', 'privacy notice', 'terms', 'terms of use', 'terms of service',
  'terms & conditions', 'cookie policy', 'cookie settings', 'ad choices', 'advertising', 'business services', 'get the linkedin app', 'more',
  'sitemap', 'imprint', 'impressum', 'datenschutz', 'legal', 'user agreement', 'guest controls', 'community guidelines', 'language', 'log in',
  'sign in', 'join now', 'previous', 'next',
]
    .map((line) => line.toLowerCase())
    .concat([...SITE_NAMES]),
);

/** Share links and a social post's actions: junk next to other junk, or two in a row. */
// prettier-ignore
const SHARE_LINKS = new Set(
  [
  'twitter', 'x', 'facebook', 'email', 'e-mail', 'whatsapp', 'xing', 'linkedin', 'instagram', 'copy link', 'copy', 'like', 'comment', 'repost',
  'send', 'share', 'previous', 'next', 'privacy policy', 'cookie settings',
].map((line) => line.toLowerCase()),
);

/** The buttons of a cookie banner, dropped only next to its text. */
const COOKIE_BUTTON =
  /^(?:accept|ok|okay|got it|i agree|agree|allow|reject|decline|deny|refuse|settings|preferences|manage preferences|customi[sz]e(?: settings)?|more info(?:rmation)?|learn more|privacy policy|cookie policy|necessary only|only necessary|save preferences|confirm my choices|alle akzeptieren|alle ablehnen|akzeptieren|ablehnen|einstellungen|tout accepter|tout refuser|accepter|refuser|paramètres|aceptar(?: todas)?|rechazar(?: todas)?|configuración)(?: all)?(?: cookies)?[.!]?$/i;

/** A line of a cookie banner: the site saying it uses cookies, or asking to accept or manage them. */
function isCookieNotice(line: string): boolean {
  if (!/\bcookies?\b/i.test(line)) return false;
  if (/\b(?:we|this (?:web)?site|our (?:web)?site|this page|our partners)\s+(?:and \w+ )?(?:use|uses|using)\s+cookies\b/i.test(line)) return true;
  if (
    /\b(?:wir verwenden|wir nutzen|diese website verwendet|nous utilisons|ce site utilise|utilizamos|este sitio (?:web )?utiliza)\b.{0,20}\bcookies\b/i.test(
      line,
    )
  )
    return true;
  if (
    /\b(?:accept|allow|reject|decline|manage|necessary|essential|functional|analytics|marketing)\b.{0,24}\bcookies\b/i.test(line) &&
    line.split(/\s+/).length <= 8
  )
    return true;
  if (/\bcookies?\s+(?:settings|preferences|policy|notice|consent|banner)\b/i.test(line)) return true;
  return /\bcookies?\b/i.test(line) && /\b(?:consent|by (?:clicking|continuing|using)|you agree|privacy (?:policy|statement))\b/i.test(line);
}

/** "Show more" style words at the end of a truncated line. */
const TRUNCATION_TAIL = /\s*(?:…|\.{3})\s*(?:see|show|read)?\s*more$/i;
/** What a job board adds to a title it shows ("Warehouse Associate - job post"). */
const SITE_TAIL = /\s+[-–|]\s+job post$/i;

/** A line with a trailing "…see more" (a site's truncation control) taken off. */
export function withoutTruncationTail(line: string): string {
  return line.replace(TRUNCATION_TAIL, '');
}

/** Fields of a line of fields that are the site's badges, or a post's age and edit mark ("1w • Edited •"). */
const BADGE_FIELD =
  /^(?:promoted(?: by hirer)?|actively (?:reviewing applicants|recruiting|hiring)|responses managed off linkedin|be an early applicant|easy apply|top applicant|edited|job poster|\d[\d,.]*\+? on linkedin|\d+\s?(?:m|h|d|w|mo|y)r?)$/i;

/**
 * A kept line without what the site added to it: a "…see more" or " - job post" tail, and the
 * badges among its fields ("Rotterdam · Reposted 3 days ago · Promoted by hirer" keeps the first two).
 */
export function withoutSiteAdditions(line: string): string {
  const trimmed = withoutTruncationTail(line).replace(SITE_TAIL, '');
  const fields = fieldsOf(trimmed.trim());
  if (!fields || !fields.some((field) => BADGE_FIELD.test(field))) return trimmed;
  const separator = /\s([·•|])\s/u.exec(trimmed)?.[1] ?? '·';
  return fields.filter((field) => !BADGE_FIELD.test(field)).join(` ${separator} `);
}

/** A line that is only the site's words, whatever is around it; also several of its sentences on one line. */
function isSiteLine(line: string, key: string): boolean {
  if (isSiteText(line, key)) return true;
  if (line.length > 200) return false;
  const sentences = line.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  return sentences.length > 1 && sentences.every((sentence) => isSiteText(sentence, buttonKey(sentence)) || isSiteText(sentence.replace(/[.!]$/u, ''), ''));
}

function isSiteText(line: string, key: string): boolean {
  if (BUTTON_LINES.has(key)) return true;
  if (SITE_SENTENCES.some((pattern) => pattern.test(line))) return true;
  const words = line.split(/\s+/).length;
  if (SHORT_SITE_SENTENCES.some(([pattern, most]) => words <= most && pattern.test(line))) return true;
  if (REACTIONS.test(line)) return true;
  const fields = fieldsOf(line);
  if (!fields) return false;
  // A person's card on one line ("Jana K. · 2nd · Engineering Manager at Northwind Freight"), or nothing but badges and links.
  if (fields.some((field) => CONNECTION_DEGREE.test(field))) return true;
  return fields.every((field) => BADGE_FIELD.test(field) || NAVIGATION.has(buttonKey(field)) || SHARE_LINKS.has(buttonKey(field)));
}

/**
 * Which lines are site junk: buttons, badges and the site's sentences on their own line, cookie
 * banner text and the banner's buttons within three lines of it, runs of navigation links, share
 * links next to other junk, and the site's blocks (see `findJunkBlocks`).
 */
export function findJunkLines(lines: readonly string[]): boolean[] {
  const trimmed = lines.map((line) => line.trim());
  const keys = trimmed.map(buttonKey);
  const cookie = trimmed.map(isCookieNotice);
  const nearCookie = (index: number) => cookie.slice(Math.max(0, index - 3), index + 4).some(Boolean);
  const junk = trimmed.map((line, index) => {
    if (!line) return false;
    if (cookie[index] || isSiteLine(line, keys[index] ?? '')) return true;
    return COOKIE_BUTTON.test(line) && nearCookie(index);
  });
  findJunkBlocks(trimmed, keys, junk);
  markLinkRuns(trimmed, keys, junk);
  return junk;
}

/**
 * Navigation links in a run of three or more lines (a junk line inside the run does not break it),
 * and share links or a post's actions in a run of two or next to other junk.
 */
function markLinkRuns(lines: readonly string[], keys: readonly string[], junk: boolean[]): void {
  const kind = (index: number): 'navigation' | 'share' | undefined => {
    const key = keys[index] ?? '';
    if (SHARE_LINKS.has(key)) return 'share';
    return NAVIGATION.has(key) ? 'navigation' : undefined;
  };
  let start = 0;
  while (start < lines.length) {
    if (!kind(start)) {
      start++;
      continue;
    }
    let end = start;
    while (end + 1 < lines.length && (kind(end + 1) || (junk[end + 1] && lines[end + 1]))) end++;
    while (end > start && !kind(end)) end--;
    const links = Array.from({ length: end - start + 1 }, (_, offset) => start + offset).filter((index) => kind(index));
    const shareOnly = links.every((index) => kind(index) === 'share');
    const touchesJunk = (Boolean(lines[start - 1]) && (junk[start - 1] ?? false)) || (Boolean(lines[end + 1]) && (junk[end + 1] ?? false));
    if (links.length >= 3 || (shareOnly && (links.length >= 2 || touchesJunk))) for (const index of links) junk[index] = true;
    start = end + 1;
  }
}
