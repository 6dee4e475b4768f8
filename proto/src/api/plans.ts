/**
 * Plans (issue 21): the user types `standard`, `plus` and `pro` are the landing page's Starter,
 * Essentials and Pro. Each has monthly minutes of recording and transcription and a set of
 * features; both are user-type settings that admins edit, and `GET /api/usage` shows them.
 */
import { z } from 'zod';
import { USER_TYPES, userTypeSchema, type UserType } from './user-types.ts';

/** How a plan's AI replies come: `text` alone, or `text_and_voice` (spoken as well). */
export const RESPONSE_TYPES = ['text', 'text_and_voice'] as const;
export const responseTypeSchema = z.enum(RESPONSE_TYPES, { error: 'responseType must be text or text_and_voice' });
export type ResponseType = z.infer<typeof responseTypeSchema>;

/** What the web app calls each user type. */
export const PLAN_NAMES: Readonly<Record<UserType, string>> = { standard: 'Starter', plus: 'Essentials', pro: 'Pro' };

/** The features a plan may include: the ones everybody had before plans, then the ones the pricing copy sells. */
export const PLAN_FEATURES = ['interviewPractice', 'answerFeedback', 'voiceReplies', 'resume', 'mockInterviews', 'pdfExport', 'publicProfile'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];
export const planFeatureSchema = z.enum(PLAN_FEATURES, { error: `feature must be one of ${PLAN_FEATURES.join(', ')}` });

/** Which features a plan includes. */
export const planFeaturesSchema = z.object(
  Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, z.boolean(`${feature} must be true or false`)])) as Record<PlanFeature, z.ZodBoolean>,
);
export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

const featuresWith = (...on: PlanFeature[]): PlanFeatures =>
  Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, on.includes(feature)])) as PlanFeatures;
const EVERYONE: PlanFeature[] = ['interviewPractice', 'answerFeedback'];

/**
 * The defaults: what everybody had stays on for every plan; voice replies and résumé from Essentials;
 * the rest with Pro (the pricing copy: Starter's "Text-only AI conversation", Essentials' "AI voice
 * replies as well as text").
 */
export const DEFAULT_PLAN_FEATURES: Readonly<Record<UserType, PlanFeatures>> = {
  standard: featuresWith(...EVERYONE),
  plus: featuresWith(...EVERYONE, 'voiceReplies', 'resume'),
  pro: featuresWith(...EVERYONE, 'voiceReplies', 'resume', 'mockInterviews', 'pdfExport', 'publicProfile'),
};

/**
 * Whether replies are spoken is one setting (issue 39, 4): a plan's reply type. "AI voice replies"
 * among its features is that same setting seen as a feature, never stored apart, so the two cannot
 * disagree. The reply type a plan has when AI voice replies are in or out of it:
 */
export function responseTypeFor(voiceReplies: boolean): ResponseType {
  return voiceReplies ? 'text_and_voice' : 'text';
}

/** A plan's features with AI voice replies read from its reply type (the one setting). */
export function withVoiceRepliesOf<F extends Omit<PlanFeatures, 'voiceReplies'>>(features: F, responseType: ResponseType): PlanFeatures {
  return { ...features, voiceReplies: responseType === 'text_and_voice' };
}

/** Each plan's reply type by default: text for Starter, text and voice for Essentials and Pro. */
export const DEFAULT_RESPONSE_TYPES: Readonly<Record<UserType, ResponseType>> = {
  standard: responseTypeFor(DEFAULT_PLAN_FEATURES.standard.voiceReplies),
  plus: responseTypeFor(DEFAULT_PLAN_FEATURES.plus.voiceReplies),
  pro: responseTypeFor(DEFAULT_PLAN_FEATURES.pro.voiceReplies),
};

/**
 * A change of a plan's settings that says both (the reply type, and AI voice replies among the
 * features) must say the same: the refusal's words, or undefined when they agree or only one is said.
 */
export function voiceSettingConflict(change: { responseType: ResponseType; features?: Partial<PlanFeatures> | undefined }): string | undefined {
  const voice = change.features?.voiceReplies;
  if (voice === undefined || responseTypeFor(voice) === change.responseType) return undefined;
  return `features.voiceReplies ${voice} disagrees with responseType ${change.responseType}: replies are spoken exactly when responseType is text_and_voice`;
}

/** Monthly minutes of recording and transcription by default (Starter's 120 is the pricing copy's). */
export const DEFAULT_MONTHLY_MINUTES: Readonly<Record<UserType, number>> = { standard: 120, plus: 600, pro: 1500 };
/** Every minute of a 31-day month: no plan meters more than that. */
export const MAX_MONTHLY_MINUTES = 44_640;
/** The admin page's step for minutes. */
export const MINUTES_STEP = 0.5;

/** Monthly minutes as the admin sets them: the time limit's rules (at least 0, in steps of 0.5). */
export const monthlyMinutesSchema = z
  .number('Monthly minutes must be a number')
  .min(0, 'Monthly minutes must be at least 0')
  .max(MAX_MONTHLY_MINUTES, `Monthly minutes must be at most ${MAX_MONTHLY_MINUTES}`)
  .multipleOf(MINUTES_STEP, 'Monthly minutes must be a whole or half number (such as 90 or 90.5)');

/** How a feature is named on its own (the admin page's rows). */
export const PLAN_FEATURE_NAMES: Readonly<Record<PlanFeature, string>> = {
  interviewPractice: 'Interview practice',
  answerFeedback: 'Feedback on interview answers',
  voiceReplies: 'AI voice replies',
  resume: 'Résumé upload and suggestions',
  mockInterviews: 'Mock interviews',
  pdfExport: 'Export to PDF',
  publicProfile: 'Public profile',
};

/** How a feature is named in a sentence, with its verb. */
const FEATURE_PHRASES: Readonly<Record<PlanFeature, string>> = {
  interviewPractice: 'Interview practice is',
  answerFeedback: 'Feedback on interview answers is',
  voiceReplies: 'AI voice replies are',
  resume: 'Résumé upload and suggestions are',
  mockInterviews: 'Mock interviews are',
  pdfExport: 'Export to PDF is',
  publicProfile: 'The public profile is',
};

/** The first of `needs` that `features` lacks (the one a refusal names), if any. */
export function firstMissingFeature(features: PlanFeatures, needs: readonly PlanFeature[]): PlanFeature | undefined {
  return needs.find((feature) => !features[feature]);
}

/** A PDF the product makes: its route (fastify's syntax), the service that makes it, and the plan features its download needs, in the order a refusal names them. */
export interface PdfDownload {
  /** How the plan table names it, in the middle of a sentence after a capital. */
  name: string;
  path: string;
  service: 'conversations' | 'feedback' | 'profile';
  needs: readonly PlanFeature[];
}

/**
 * Every PDF (issue 36, 4), one source for the gates and the plan table: Export to PDF for each, and
 * first the feature whose content it prints (a person without mock interviews hears that, not that
 * their plan lacks PDFs). A saved conversation is everybody's, so its PDF needs Export to PDF alone.
 */
export const PDF_DOWNLOADS = {
  thread: { name: 'Conversation transcripts', path: '/api/conversation-threads/:threadId/pdf', service: 'conversations', needs: ['pdfExport'] },
  practice: {
    name: 'Interview-practice transcripts',
    path: '/api/snippet-conversations/:snippetId/pdf',
    service: 'conversations',
    needs: ['interviewPractice', 'pdfExport'],
  },
  mockReport: { name: 'Mock interview reports', path: '/api/mock-interviews/:id/pdf', service: 'feedback', needs: ['mockInterviews', 'pdfExport'] },
  resume: { name: 'Résumés', path: '/api/resumes/:id/pdf', service: 'profile', needs: ['resume', 'pdfExport'] },
} as const satisfies Record<string, PdfDownload>;

/** "mock interview reports (with Mock interviews)": a PDF as the plan table lists it. */
function pdfLine(pdf: PdfDownload): string {
  const others = pdf.needs.filter((feature) => feature !== 'pdfExport').map((feature) => PLAN_FEATURE_NAMES[feature]);
  return `${pdf.name.charAt(0).toLowerCase()}${pdf.name.slice(1)}${others.length > 0 ? ` (with ${others.join(' and ')})` : ''}`;
}

/** What a feature's row of the plan table says beneath its name, where the name alone leaves it open (which PDFs Export to PDF gives). */
export const PLAN_FEATURE_NOTES: Readonly<Partial<Record<PlanFeature, string>>> = {
  // One setting with the reply type (issue 39, 4): either control changes both.
  voiceReplies: 'The same setting as the Response Type: included is Text + Voice, not included is Text Only.',
  pdfExport: `Every PDF: ${Object.values(PDF_DOWNLOADS).map(pdfLine).join('; ')}.`,
};

/**
 * The plan features a coach's turn needs (issue 36, 4), the same rule at the speech service (before
 * any audio is decoded) and at the service that answers it: an answer in a mock interview needs mock
 * interviews; one about requirements (a context) or a practised snippet needs interview practice; a
 * story (a thread's, a résumé line's) needs none.
 */
export function featuresOfTurn(turn: { context?: string | undefined; snippetId?: number | undefined; mockInterviewId?: number | undefined }): PlanFeature[] {
  if (turn.mockInterviewId !== undefined) return ['mockInterviews'];
  if (turn.context?.trim() || turn.snippetId !== undefined) return ['interviewPractice'];
  return [];
}

/**
 * The plan features an opening needs: a mock interview's needs mock interviews; the opening of a story
 * (about a résumé line, or a requirement with no story yet) needs none; any other is the
 * interviewer's first question, interview practice.
 */
export function featuresOfOpening(opening: {
  context?: string | undefined;
  snippetId?: number | undefined;
  mockInterviewId?: number | undefined;
  resumeBullet?: unknown;
  storyRequirement?: string | undefined;
}): PlanFeature[] {
  if (opening.mockInterviewId !== undefined) return ['mockInterviews'];
  const story = Boolean(opening.resumeBullet || opening.storyRequirement);
  return story && !opening.context?.trim() && opening.snippetId === undefined ? [] : ['interviewPractice'];
}

/** The cheapest user type whose features include `feature` (types are listed cheapest first), if any does. */
export function cheapestPlanWith(feature: PlanFeature, featuresOf: (userType: UserType) => PlanFeatures): UserType | undefined {
  return USER_TYPES.find((userType) => featuresOf(userType)[feature]);
}

/** The refusal of a feature the person's plan lacks: "Mock interviews are part of the Pro plan." */
export function featureLockedMessage(feature: PlanFeature, plan: UserType | undefined): string {
  if (!plan) return `${FEATURE_PHRASES[feature]} not part of any plan at the moment.`;
  return `${FEATURE_PHRASES[feature]} part of the ${PLAN_NAMES[plan]} plan.`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Minutes as written in a sentence: whole numbers plain, halves with one decimal ("120", "0.5"). */
export function minutesText(minutes: number): string {
  return Number.isInteger(minutes) ? String(minutes) : String(Math.round(minutes * 10) / 10);
}

/** The refusal of a recording or upload once the month's minutes are used. */
export function monthlyMinutesUsedMessage(monthlyMinutes: number, renewsOn: Date): string {
  return `You have used your ${minutesText(monthlyMinutes)} minutes for this month. They renew on ${renewsOn.getUTCDate()} ${MONTHS[renewsOn.getUTCMonth()]}.`;
}

/**
 * Minutes used as every screen shows them (issue 39, 7): a minute begun counts as used, so 73 seconds
 * are 2 minutes and only a month with no recording at all shows 0. Together with `minutesLeft`, which
 * rounds down, what is shown used and left never adds up to more than the plan gives.
 */
export function usedMinutes(usedSeconds: number): number {
  return Math.max(0, Math.ceil(usedSeconds / 60));
}

/** Whole minutes still left this month, rounded down (a part of a minute is not promised). */
export function minutesLeft(usedSeconds: number, monthlyMinutes: number): number {
  return Math.max(0, Math.floor((monthlyMinutes * 60 - usedSeconds) / 60));
}

/** The meter's text: "38 of 120 minutes used this month" (a minute begun counts as used). */
export function usageMeterText(usedSeconds: number, monthlyMinutes: number): string {
  return `${usedMinutes(usedSeconds)} of ${minutesText(monthlyMinutes)} minutes used this month`;
}

/** From this share of the month's minutes on, the person is warned. */
export const USAGE_WARNING_SHARE = 0.8;

/** The warning at 80 %. */
export function usageWarningMessage(usedSeconds: number, monthlyMinutes: number, renewsOn: Date): string {
  const left = minutesLeft(usedSeconds, monthlyMinutes);
  return `You have ${left} of your ${minutesText(monthlyMinutes)} minutes left this month. They renew on ${renewsOn.getUTCDate()} ${MONTHS[renewsOn.getUTCMonth()]}.`;
}

/** The UTC calendar month `at` falls in: its first instant, the next month's first instant, and its key ("2026-11"). */
export function calendarMonthOf(at: Date): { start: Date; end: Date; key: string } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end, key: start.toISOString().slice(0, 7) };
}

/** `GET /api/usage`: the caller's plan, its minutes, the seconds used this month, the month, and the features. */
export const usageResponseSchema = z.object({
  userType: userTypeSchema,
  monthlyMinutes: z.number(),
  usedSeconds: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  features: planFeaturesSchema,
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

/** `GET /api/usage/users` (admins): seconds used this month per user id. */
export const usersUsageResponseSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  users: z.array(z.object({ userId: z.number().int(), usedSeconds: z.number() })),
});
export type UsersUsageResponse = z.infer<typeof usersUsageResponseSchema>;

/** `GET /api/usage/locked`: for each feature the caller's plan lacks, the sentence that names the plan that has it. */
export const lockedFeaturesResponseSchema = z.object({ locked: z.partialRecord(planFeatureSchema, z.string()) });
export type LockedFeaturesResponse = z.infer<typeof lockedFeaturesResponseSchema>;

/** A recording's id chosen by the recorder, the same for its live session and its whole-file fallback. */
export const recordingIdSchema = z.string('recordingId must be text').regex(/^[A-Za-z0-9-]{8,64}$/, 'recordingId must be 8 to 64 letters, digits or dashes');

/** `PATCH /api/users/{id}` (admins): the person's plan. */
export const updateUserRequestSchema = z.object({ userType: userTypeSchema });
