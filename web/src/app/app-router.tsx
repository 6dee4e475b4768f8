import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { RequireAuth } from '../auth/require-auth.tsx';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { RouteError } from './route-error.tsx';
import { SkipLink } from '../chrome/skip-link.tsx';
import { useRouteFocus } from '../hooks/use-route-focus.ts';
import { PATHS } from '../lib/paths.ts';

/** A page loaded on first visit, so each route ships its own chunk. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page: LazyExoticComponent<ComponentType> = lazy(async () => ({ default: (await load())[name] }));
  return <Page />;
}

const GraphqlOutlet = lazy(async () => ({ default: (await import('../api/graphql-outlet.tsx')).GraphqlOutlet }));
const PlanDecisionNotice = lazy(async () => ({ default: (await import('../features/plans/index.ts')).PlanDecisionNotice }));

function RootLayout() {
  useRouteFocus();
  return (
    <>
      <SkipLink />
      <ScrollRestoration />
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** A signed-in page, with the answer to the person's plan request above it when one waits to be told (issue 39). */
function SignedIn({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <Suspense fallback={null}>
        <PlanDecisionNotice />
      </Suspense>
      {children}
    </RequireAuth>
  );
}

// Every path from lib/paths.ts (absolute, so the signed-in pages sit flat under their layout, as links name them).
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: PATHS.landing, element: page(() => import('../features/landing/landing.page.tsx'), 'LandingPage') },
      { path: PATHS.signup, element: page(() => import('../features/signup/signup.page.tsx'), 'SignupPage') },
      { path: PATHS.logout, element: page(() => import('../features/logout/logout.page.tsx'), 'LogoutPage') },
      // A password-reset e-mail's link (issue 39, 6): public, the token in the fragment.
      { path: PATHS.resetPassword, element: page(() => import('../features/signup/reset-password.page.tsx'), 'ResetPasswordPage') },
      { path: PATHS.terms, element: page(() => import('../features/legal/terms.page.tsx'), 'TermsPage') },
      { path: PATHS.privacy, element: page(() => import('../features/legal/privacy.page.tsx'), 'PrivacyPage') },
      {
        element: (
          <SignedIn>
            <GraphqlOutlet />
          </SignedIn>
        ),
        children: [
          { path: PATHS.welcome, element: page(() => import('../features/welcome/welcome.page.tsx'), 'WelcomePage') },
          { path: PATHS.recording, element: page(() => import('../features/recording/recording.page.tsx'), 'RecordingPage') },
          { path: PATHS.admin, element: page(() => import('../features/admin/admin.page.tsx'), 'AdminPage') },
          { path: PATHS.search, element: page(() => import('../features/search/search.page.tsx'), 'SearchPage') },
          { path: PATHS.account, element: page(() => import('../features/account/account.page.tsx'), 'AccountPage') },
          { path: PATHS.plans, element: page(() => import('../features/plans/plans.page.tsx'), 'PlansPage') },
          { path: PATHS.publicProfile, element: page(() => import('../features/public-profile/public-profile.page.tsx'), 'PublicProfilePage') },
          { path: PATHS.resume, element: page(() => import('../features/resume/resume.page.tsx'), 'ResumePage') },
          { path: PATHS.resumeUpload, element: page(() => import('../features/resume/upload.page.tsx'), 'ResumeUploadPage') },
          { path: PATHS.resumeReview, element: page(() => import('../features/resume/review.page.tsx'), 'ResumeReviewPage') },
          { path: PATHS.interviewPractice, element: page(() => import('../features/interview-practice/interview-start.page.tsx'), 'InterviewStartPage') },
          { path: PATHS.interviewReview, element: page(() => import('../features/interview-practice/review.page.tsx'), 'ReviewPage') },
          { path: PATHS.interviewPracticeSnippet, element: page(() => import('../features/interview-practice/practice.page.tsx'), 'PracticePage') },
          { path: PATHS.interviewSaved, element: page(() => import('../features/interview-practice/saved.page.tsx'), 'SavedPage') },
          { path: PATHS.interviewArchived, element: page(() => import('../features/interview-practice/archived.page.tsx'), 'ArchivedPage') },
          { path: PATHS.mockStart, element: page(() => import('../features/mock-interview/mock-start.page.tsx'), 'MockStartPage') },
          { path: PATHS.mockInterview, element: page(() => import('../features/mock-interview/mock-interview.page.tsx'), 'MockInterviewPage') },
          { path: PATHS.mockPrepare, element: page(() => import('../features/mock-interview/mock-prepare.page.tsx'), 'MockPreparePage') },
          { path: PATHS.mockReport, element: page(() => import('../features/mock-interview/mock-report.page.tsx'), 'MockReportPage') },
          { path: PATHS.readiness, element: page(() => import('../features/mock-interview/readiness.page.tsx'), 'ReadinessPage') },
          {
            path: PATHS.snippetConversations,
            element: page(() => import('../features/interview-practice/snippet-conversations.page.tsx'), 'SnippetConversationsPage'),
          },
        ],
      },
      { path: '*', element: page(() => import('../features/not-found/not-found.page.tsx'), 'NotFoundPage') },
    ],
  },
];

/** The app's router (data mode, so later screens can use blockers and loaders). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
