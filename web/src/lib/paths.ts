// Every page path of the web app, and the links to them (issue 41, 7): the router's table (app/app-router.tsx)
// and every link, navigate() and redirect read them from here, never a '/…' of their own.
// Types only from proto's contracts: the landing page links here, and its first load carries no contract code.
import type { PlanFeature, UserType } from '@story/proto';
// The server's route table holds one page of the web app, the screen a password-reset e-mail opens (the table
// alone, no schemas: the entry chunk stays small).
import { RESET_PASSWORD_PATH } from '@story/proto/routes';

/** The pages, as the router matches them (`:name` a parameter) and as links without parameters reach them. */
export const PATHS = {
  landing: '/',
  signup: '/signup',
  logout: '/logout',
  resetPassword: RESET_PASSWORD_PATH,
  terms: '/terms',
  privacy: '/privacy',
  welcome: '/welcome',
  recording: '/recording',
  admin: '/admin',
  search: '/search',
  account: '/account',
  plans: '/plans',
  publicProfile: '/profile',
  resume: '/resume',
  resumeUpload: '/resume/upload',
  resumeReview: '/resume/review',
  interviewPractice: '/interview-practice',
  interviewReview: '/interview-practice/review',
  interviewPracticeSnippet: '/interview-practice/practice',
  interviewSaved: '/interview-practice/saved',
  interviewArchived: '/interview-practice/archived',
  mockStart: '/interview-practice/mock/new',
  mockInterview: '/interview-practice/mock/:id',
  mockPrepare: '/interview-practice/mock/:id/prepare',
  mockReport: '/interview-practice/mock/:id/report',
  readiness: '/interview-practice/readiness/:jobDescriptionId',
  snippetConversations: '/interview-practice/conversations/:snippetId',
} as const;

const withQuery = (path: string, query: URLSearchParams | Record<string, string>): string => `${path}?${new URLSearchParams(query).toString()}`;

/** The sign-in step of /signup (the public header's "Sign in"). */
export const SIGN_IN_PATH = `${PATHS.signup}?step=login`;
/** A step of /signup: `email` is the page itself. */
export const signupStepPath = (step: 'email' | 'details' | 'login' | 'forgot'): string => (step === 'email' ? PATHS.signup : `${PATHS.signup}?step=${step}`);
/** Sign-up with a plan chosen (the landing page's pricing block, signed out). */
export const signupWithPlanPath = (plan: UserType): string => `${PATHS.signup}?plan=${plan}`;

/** The welcome page's saved-conversations mode: a history entry of its own, so Back leaves it. */
export const SAVED_CONVERSATIONS_PATH = `${PATHS.welcome}?view=saved`;
/** "Tell the story behind this line" (a résumé bullet): the welcome page starts the typed conversation about it. */
export const tellStoryPath = (resumeId: number, bulletId: string): string => withQuery(PATHS.welcome, { resume: String(resumeId), bullet: bulletId });
/** A mock interview's "No story yet: tell one": the welcome page starts the story conversation. */
export const requirementStoryLink = (requirement: string): string => withQuery(PATHS.welcome, { requirement: requirement.trim() });

/** The conversation screen with its query (`mode`, `type`, `threadId`, `context` …; recording-params.ts reads it). */
export const recordingPath = (query: URLSearchParams | Record<string, string>): string => withQuery(PATHS.recording, query);
/** A conversation thread continued (the thread list's Continue). */
export const continueThreadPath = (threadId: number | string): string => recordingPath({ mode: 'continue', threadId: String(threadId) });
/** A new conversation: by voice, or typed (`text`), or an upload. */
export const newConversationPath = (type?: 'text' | 'upload'): string => recordingPath(type ? { mode: 'new', type } : { mode: 'new' });

/** `/welcome?resume=…&bullet=…` (the résumé's "Tell the story behind this line"): the typed conversation about that line. */
export function bulletStoryPath(search: URLSearchParams): string | null {
  const resume = search.get('resume');
  const bullet = search.get('bullet');
  if (!resume || !bullet) return null;
  const next = new URLSearchParams({ mode: 'new', type: 'text', resume, bullet });
  return recordingPath(next);
}

/** `/welcome?requirement=…` ("No story yet: tell one"): the typed story conversation whose coach asks for a story that shows it. */
export function requirementStoryPath(search: URLSearchParams): string | null {
  const requirement = search.get('requirement')?.trim();
  if (!requirement) return null;
  return recordingPath({ mode: 'new', type: 'text', requirement });
}

/**
 * The plan page with a plan chosen: one named (the pricing block's "Choose Pro"), or the features a
 * locked screen needs ("See the plans"), of which the page chooses the cheapest plan with them all.
 */
export function plansPath(choice: { plan?: UserType; features?: readonly PlanFeature[] } = {}): string {
  const query = new URLSearchParams();
  if (choice.plan) query.set('plan', choice.plan);
  if (choice.features?.length) query.set('features', choice.features.join(','));
  const search = query.toString();
  return search ? `${PATHS.plans}?${search}` : PATHS.plans;
}

/** The review screen of a job description: a fresh one (no id) or a saved one (its id). */
export function reviewPath({ description, jobTitle, companyName, id }: { description: string; jobTitle: string; companyName: string; id: number }): string {
  const query = new URLSearchParams({ description, companyName, jobTitle });
  if (id > 0) query.set('id', String(id));
  return withQuery(PATHS.interviewReview, query);
}
/** The practice screen of a snippet: its text (section) and its id. */
export const practicePath = (section: string, snippetId: number): string =>
  withQuery(PATHS.interviewPracticeSnippet, { section, snippetId: String(snippetId) });
/** A new practice conversation about a snippet: its text as context; type=text for the text variant. */
export function practiceConversationPath(context: string, snippetId: number, type: 'voice' | 'text'): string {
  const query = new URLSearchParams({ mode: 'new', context, snippetId: String(snippetId) });
  if (type === 'text') query.set('type', 'text');
  return recordingPath(query);
}
export const snippetConversationsPath = (snippetId: number | string): string =>
  `${PATHS.interviewPractice}/conversations/${encodeURIComponent(String(snippetId))}`;
/** The id of an exchange (0-based) of a practice conversation on its snippet's page: where a search result opens it. */
export const exchangeAnchor = (conversationId: number, exchange: number): string => `exchange-${conversationId}-${exchange}`;
/** A snippet's conversation history, opened at one exchange of one of its practice conversations. */
export const snippetExchangePath = (snippetId: number, conversationId: number, exchange: number): string =>
  `${snippetConversationsPath(snippetId)}#${exchangeAnchor(conversationId, exchange)}`;

/** Where the mock-interview screens live (issue 23). */
export const mockStartPath = (jobDescriptionId?: number | string): string =>
  jobDescriptionId === undefined ? PATHS.mockStart : `${PATHS.mockStart}?jobDescriptionId=${encodeURIComponent(String(jobDescriptionId))}`;
export const mockInterviewPath = (id: number): string => `${PATHS.interviewPractice}/mock/${id}`;
export const mockPreparePath = (id: number): string => `${mockInterviewPath(id)}/prepare`;
export const mockReportPath = (id: number): string => `${mockInterviewPath(id)}/report`;
export const readinessPath = (jobDescriptionId: number | string): string =>
  `${PATHS.interviewPractice}/readiness/${encodeURIComponent(String(jobDescriptionId))}`;
