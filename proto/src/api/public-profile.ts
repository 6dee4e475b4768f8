/**
 * The public profile (issue 24, point 4): what a person publishes at `/p/{slug}` (a headline, an
 * about text, roles copied from the résumé, stories as short summaries) and the rules of a custom
 * profile name, as zod schemas of the REST bodies. The profile service owns them; the editor
 * checks a name with the same rule.
 */
import { z } from 'zod';
import { PRODUCT_NAME } from '../messages/common.ts';
import { PUBLIC_PROFILE_MESSAGES } from '../messages/public-profile.ts';
import { stripHiddenCharacters } from '../plain-text.ts';

export const PUBLIC_PROFILE_LIMITS = {
  displayName: 80,
  headline: 120,
  about: 2000,
  roles: 15,
  stories: 10,
  storyTitle: 100,
  storySummary: 600,
  nameMin: 3,
  nameMax: 40,
  /** Custom-name changes a person may make per hour. */
  nameChangesPerHour: 5,
  /** Days an address stays its owner's after they leave it (a new name, a random address, taking the profile down). */
  releasedNameHeldDays: 30,
} as const;

/** How the page looks: a LinkedIn-style profile, or a one-page personal site. */
export const PROFILE_THEMES = ['classic', 'site'] as const;
export type ProfileTheme = (typeof PROFILE_THEMES)[number];

/** The address of a published profile, relative to the site. */
export const PUBLIC_PROFILE_PATH_PREFIX = '/p/';
export const publicProfilePath = (slug: string): string => `${PUBLIC_PROFILE_PATH_PREFIX}${slug}`;

/**
 * Names nobody may take: the site's own paths (the web app's routes, the gateway's), and words that
 * would pass for the site speaking.
 */
export const RESERVED_PROFILE_NAMES: ReadonlySet<string> = new Set([
  'about',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'blog',
  'contact',
  'dashboard',
  'docs',
  'graphql',
  'healthz',
  'help',
  'home',
  'index',
  'interview-practice',
  'login',
  'logout',
  'mail',
  'me',
  'metrics',
  'mock',
  'moderator',
  'new',
  'null',
  'official',
  'p',
  'password',
  'pricing',
  'privacy',
  'profile',
  'profiles',
  'readyz',
  'recording',
  'register',
  'resume',
  'resumes',
  'root',
  'search',
  'security',
  'settings',
  'signin',
  'signup',
  'staff',
  'static',
  'status',
  'support',
  'system',
  'team',
  'terms',
  'undefined',
  'user',
  'users',
  'welcome',
  'www',
]);

/**
 * Words a name may not hold anywhere (issue 36, 7): a page at `/p/support-desk` or `/p/st4ff-ada`
 * would pass for the site speaking. The product's own name is here too (`PRODUCT_NAME`, spaces left out).
 */
export const STAFF_NAME_WORDS: readonly string[] = ['admin', 'support', 'official', 'staff', 'moderator', PRODUCT_NAME.toLowerCase().replace(/[^a-z0-9]/g, '')];
/** Ordinary words that happen to hold a staff word, left out before looking (`badminton` holds `admin`). */
const INNOCENT_WORDS: readonly string[] = ['badminton'];

const NAME_LOOKALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', l: 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g' };

/**
 * A name as it looks, for comparing with the staff words: letters and digits only (separators such
 * as `-` `_` `.` and spaces gone, so `ad-min` is `admin`), then each look-alike as one letter (0 o,
 * 1 l i, 3 e, 4 a, 5 s, 7 t, 8 b, 9 g; `rn` m; `vv` w).
 */
function nameSkeleton(text: string): string {
  return text
    .replace(/[^a-z0-9]/g, '')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[0-9l]/g, (character) => NAME_LOOKALIKES[character] ?? character);
}
const STAFF_SKELETONS = STAFF_NAME_WORDS.map(nameSkeleton);
const INNOCENT_SKELETONS = INNOCENT_WORDS.map(nameSkeleton);

/** Whether a folded name holds a staff or brand word, however it is spelt. */
function holdsStaffWord(name: string): boolean {
  const skeleton = INNOCENT_SKELETONS.reduce((text, innocent) => text.split(innocent).join(' '), nameSkeleton(name));
  return STAFF_SKELETONS.some((word) => skeleton.includes(word));
}

export type ProfileNameCheck = { ok: true; name: string } | { ok: false; message: string };

/**
 * A custom profile name as it will be used: NFKC-folded (full-width letters become plain ones) and
 * lowercased, then 3–40 characters of a–z, 0–9 and single hyphens, not reserved, holding no staff or
 * brand word. Anything else (spaces, accents, look-alike letters from other scripts, punctuation) is
 * refused naming the rule.
 */
export function checkProfileName(raw: string): ProfileNameCheck {
  const name = raw.trim().normalize('NFKC').toLowerCase();
  if (name.length < PUBLIC_PROFILE_LIMITS.nameMin) return { ok: false, message: PUBLIC_PROFILE_MESSAGES.nameTooShort };
  if (name.length > PUBLIC_PROFILE_LIMITS.nameMax) return { ok: false, message: PUBLIC_PROFILE_MESSAGES.nameTooLong };
  if (RESERVED_PROFILE_NAMES.has(name)) return { ok: false, message: PUBLIC_PROFILE_MESSAGES.nameReserved };
  // Before the characters' rule, so that `sup_port` is told why it can never be had, not only its underscore.
  if (holdsStaffWord(name)) return { ok: false, message: PUBLIC_PROFILE_MESSAGES.nameStaffWords };
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) return { ok: false, message: PUBLIC_PROFILE_MESSAGES.nameCharacters };
  return { ok: true, name };
}

/** A slug in a `/p/{slug}` path: a random one or a custom name (anything else is simply not found). */
export const PROFILE_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A person's text: without hidden characters (bidi overrides, zero-width ones: issue 36), trimmed, at most `max` characters. */
const text = (name: string, max: number) =>
  z.string(`${name} must be text`).overwrite(stripHiddenCharacters).trim().max(max, `${name} must be at most ${max} characters`);

export const profileNameSchema = z.string('customName must be text').transform((raw, context) => {
  const checked = checkProfileName(raw);
  if (checked.ok) return checked.name;
  context.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

export const publicProfileStorySchema = z.object({
  title: text('A story title', PUBLIC_PROFILE_LIMITS.storyTitle).min(1, PUBLIC_PROFILE_MESSAGES.storyTitleRequired),
  summary: text('A story summary', PUBLIC_PROFILE_LIMITS.storySummary).min(1, PUBLIC_PROFILE_MESSAGES.storySummaryRequired),
  /** The thread the story was told in: kept for the editor, never shown on the page. */
  threadId: z.number('threadId must be a number').int().positive().nullable().default(null),
});
export type PublicProfileStory = z.infer<typeof publicProfileStorySchema>;

/** `PUT /api/profile`: what to publish. Roles are named by their résumé ids and copied from the current résumé. */
export const publishProfileRequestSchema = z.object({
  displayName: text('The name', PUBLIC_PROFILE_LIMITS.displayName).min(1, PUBLIC_PROFILE_MESSAGES.nameRequired),
  headline: text('The headline', PUBLIC_PROFILE_LIMITS.headline).min(1, PUBLIC_PROFILE_MESSAGES.headlineRequired),
  about: text('The about text', PUBLIC_PROFILE_LIMITS.about).default(''),
  roleIds: z
    .array(z.string('A role id must be text').max(40, 'A role id must be at most 40 characters'), 'roleIds must be a list')
    .max(PUBLIC_PROFILE_LIMITS.roles, `At most ${PUBLIC_PROFILE_LIMITS.roles} roles can be published`)
    .default([]),
  stories: z
    .array(publicProfileStorySchema, 'stories must be a list')
    .max(PUBLIC_PROFILE_LIMITS.stories, `At most ${PUBLIC_PROFILE_LIMITS.stories} stories can be published`)
    .default([]),
  theme: z.enum(PROFILE_THEMES, { error: 'theme must be classic or site' }).default('classic'),
  allowSearchEngines: z.boolean('allowSearchEngines must be true or false').default(false),
  /** A name of the person's choosing for the address; null or absent: an unguessable one. */
  customName: profileNameSchema.nullable().default(null),
});
export type PublishProfileRequest = z.input<typeof publishProfileRequestSchema>;

/**
 * Text as kept and shown: hidden characters are stripped here too, so that a profile published before
 * the rule (issue 36) reads clean from the store and on its page.
 */
const shownText = () => z.string().overwrite(stripHiddenCharacters);

/** A role as published: copied from the résumé when the profile was published. */
export const publicProfileRoleSchema = z.object({
  id: z.string(),
  title: shownText(),
  company: shownText(),
  location: shownText(),
  dates: shownText(),
  bullets: z.array(shownText()),
});
export type PublicProfileRole = z.infer<typeof publicProfileRoleSchema>;

/** Everything the page shows, and nothing else. */
export const publicProfileContentSchema = z.object({
  displayName: shownText(),
  headline: shownText(),
  about: shownText(),
  roles: z.array(publicProfileRoleSchema),
  stories: z.array(z.object({ title: shownText(), summary: shownText() })),
  theme: z.enum(PROFILE_THEMES),
  allowSearchEngines: z.boolean(),
});
export type PublicProfileContent = z.infer<typeof publicProfileContentSchema>;

/** The person's own published profile, as the editor reads it. */
export const ownPublicProfileSchema = publicProfileContentSchema.extend({
  stories: z.array(publicProfileStorySchema),
  slug: z.string(),
  url: z.string(),
  customName: z.string().nullable(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type OwnPublicProfile = z.infer<typeof ownPublicProfileSchema>;

/** `GET /api/profile` and `PUT /api/profile`: the profile, or `published: false` with none. */
export const publicProfileResponseSchema = z.union([
  z.object({ published: z.literal(true), profile: ownPublicProfileSchema }),
  z.object({ published: z.literal(false), profile: z.null() }),
]);
export type PublicProfileResponse = z.infer<typeof publicProfileResponseSchema>;

/** A story the editor may offer: a title and a drafted short summary of the person's own words, never the transcript. */
export const profileStoryCandidateSchema = z.object({ threadId: z.number().nullable(), title: z.string(), summary: z.string() });
export type ProfileStoryCandidate = z.infer<typeof profileStoryCandidateSchema>;

/** `GET /api/profile/sources`: what the editor offers to publish. */
export const profileSourcesResponseSchema = z.object({
  /** The name on the current résumé ('' without one). */
  name: z.string(),
  roles: z.array(publicProfileRoleSchema),
  stories: z.array(profileStoryCandidateSchema),
});
export type ProfileSourcesResponse = z.infer<typeof profileSourcesResponseSchema>;
