import { THREAD_MESSAGES } from '@story/proto';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { styled } from 'styled-components';
import { AppHeader } from '../../chrome/app-header.tsx';
import { Button } from '../../components/button.ts';
import { cardSurfaceStyles } from '../../components/card-section.ts';
import { AccountIcon, BriefcaseIcon, DocumentIcon, MicIcon, SearchIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageFrame } from '../../chrome/page-frame.tsx';
import { MAIN_CONTENT_ID } from '../../chrome/skip-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.ts';
import { PlanLockedLine } from '../../components/plan-notice.tsx';
import { useErrorToast } from '../../hooks/use-error-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PlanSummary } from '../plans/index.ts';
import { ThreadList, useThreads } from '../threads/index.ts';
import { useLockedFeatures } from '../../api/usage.api.ts';
import { bulletStoryPath, newConversationPath, PATHS, requirementStoryPath, SAVED_CONVERSATIONS_PATH } from '../../lib/paths.ts';

/** At most 1200 px wide (spec section 9); two cards side by side, one column in saved mode. */
const Main = styled.main<{ $single: boolean }>`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.welcome};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg}`};
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  align-content: start;

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md}`};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: ${({ $single }) => ($single ? '1fr' : 'repeat(2, minmax(0, 1fr))')};
  }
`;

const Card = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  ${cardSurfaceStyles}

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const CardIcon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div<{ $wide?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: ${({ $wide }) => ($wide ? 'repeat(3, minmax(0, 1fr))' : '1fr')};
  }
`;

const Continue = styled.div<{ $wide: boolean }>`
  display: grid;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  p {
    font-weight: 600;
  }
  p:focus {
    outline: none;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: ${({ $wide }) => ($wide ? '1fr auto' : '1fr')};
  }
`;

const SavedList = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/** The way back to saved conversations (or, in saved mode, where to pick one) and to search. */
function ContinueStories({ savedMode }: { savedMode: boolean }) {
  const navigate = useNavigate();
  return (
    <Continue $wide={savedMode}>
      {savedMode ? (
        // After entering saved mode, focus lands here (the button pressed is gone).
        <p data-route-focus tabIndex={-1}>
          Pick a conversation thread from the list below
        </p>
      ) : (
        <>
          <p>Let&apos;s continue the conversation from where we left off last</p>
          <Button $block $variant="secondary" onClick={() => navigate(SAVED_CONVERSATIONS_PATH)}>
            View saved conversations
          </Button>
        </>
      )}
      <Button $block={!savedMode} $variant="ghost" onClick={() => navigate(PATHS.search)}>
        <SearchIcon />
        Search your stories
      </Button>
    </Continue>
  );
}

/** "Practice for an interview": a new job description, or the saved ones; a plan without it gets the plan's sentence, not buttons that fail. */
function PracticeCard({ locked }: { locked: string | undefined }) {
  return (
    <Card aria-labelledby="practice-interview">
      <CardIcon>
        <BriefcaseIcon />
      </CardIcon>
      <h2 id="practice-interview">Practice for an interview</h2>
      {locked ? <PlanLockedLine message={locked} features={['interviewPractice']} testId="feature-locked" /> : <PracticeActions />}
    </Card>
  );
}

/** The practice card's lead and its two ways in. */
function PracticeActions() {
  const navigate = useNavigate();
  return (
    <>
      <Lead>Save job opportunities you&apos;re interested in and document experiences tailored to each one</Lead>
      <Actions>
        <Button $size="lg" $block onClick={() => navigate(PATHS.interviewPractice)}>
          New job
        </Button>
        <Button $size="lg" $block $variant="secondary" onClick={() => navigate(PATHS.interviewSaved)}>
          Previously saved jobs
        </Button>
      </Actions>
    </>
  );
}

/** The whole width under the two cards on wide screens. */
const WideCard = styled(Card)`
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-column: 1 / -1;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
  }
`;

/** "Your plan" (issue 39, 1): the whole width, its parts in a column. */
const PlanCard = styled(Card)`
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-column: 1 / -1;
  }
`;

const CardText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

/** "Your résumé" (issue 22): the way to /resume, or the plan's sentence when the plan lacks it. */
function ResumeCard({ locked }: { locked: string | undefined }) {
  const navigate = useNavigate();
  return (
    <WideCard aria-labelledby="your-resume">
      <CardIcon>
        <DocumentIcon />
      </CardIcon>
      <CardText>
        <h2 id="your-resume">Your résumé</h2>
        {locked ? (
          <PlanLockedLine message={locked} features={['resume']} testId="resume-locked" />
        ) : (
          <Lead>Upload your résumé and make each line stronger with the stories you have told</Lead>
        )}
      </CardText>
      <Button $size="lg" $variant="secondary" onClick={() => navigate(PATHS.resume)}>
        Open your résumé
      </Button>
    </WideCard>
  );
}

/** "Your public profile" (issue 24): the way to /profile, or the plan's sentence when the plan lacks it. */
function PublicProfileCard({ locked }: { locked: string | undefined }) {
  const navigate = useNavigate();
  return (
    <WideCard aria-labelledby="your-public-profile">
      <CardIcon>
        <AccountIcon />
      </CardIcon>
      <CardText>
        <h2 id="your-public-profile">Your public profile</h2>
        {locked ? (
          <PlanLockedLine message={locked} features={['publicProfile']} testId="public-profile-locked" />
        ) : (
          <Lead>Publish a profile page with your roles and the stories you choose, and share its link</Lead>
        )}
      </CardText>
      <Button $size="lg" $variant="secondary" onClick={() => navigate(PATHS.publicProfile)}>
        Edit your public profile
      </Button>
    </WideCard>
  );
}

/**
 * /welcome: tell your story or practise for an interview; saved-conversations mode (`?view=saved`) lists the threads.
 * Opened from the résumé's "Tell the story behind this line" (`?resume=…&bullet=…`), or a mock interview's "No story yet: tell one"
 * (`?requirement=…`), it starts that story's conversation.
 */
export function WelcomePage() {
  const [searchParams] = useSearchParams();
  const storyPath = bulletStoryPath(searchParams) ?? requirementStoryPath(searchParams);
  if (storyPath) return <Navigate replace to={storyPath} />;
  return <WelcomeCards searchParams={searchParams} />;
}

/** The welcome page's cards (and, in saved mode, the thread list). */
function WelcomeCards({ searchParams }: { searchParams: URLSearchParams }) {
  useDocumentTitle('Welcome');
  const navigate = useNavigate();
  const savedMode = searchParams.get('view') === 'saved';
  // All threads, deleted ones included (spec section 7): does the user have anything saved?
  const allThreads = useThreads();
  useErrorToast(allThreads.error, THREAD_MESSAGES.welcomeLoadFailed);
  const hasThreads = (allThreads.data?.threads.length ?? 0) > 0;
  // Not knowing whether anything is saved is said, with a retry, rather than hiding the way back to it.
  const loadFailed = Boolean(allThreads.error) && !allThreads.data;
  const locked = useLockedFeatures();

  // Home leaves saved mode (spec section 2, "Shared header") with a new entry, like any link.
  const handleHome = () => navigate(PATHS.welcome);

  return (
    <PageFrame header={<AppHeader onHome={savedMode ? handleHome : undefined} />}>
      <Main id={MAIN_CONTENT_ID} $single={savedMode}>
        <VisuallyHidden as="h1">Welcome</VisuallyHidden>
        <Card aria-labelledby="tell-your-story">
          <CardIcon>
            <MicIcon />
          </CardIcon>
          <h2 id="tell-your-story">Tell Your Story</h2>
          <Lead>Reflect and document your career and life experiences through natural conversations (no job listing needed)</Lead>
          <Actions $wide={savedMode}>
            <Button $size="lg" $block onClick={() => navigate(newConversationPath())}>
              Start a voice conversation
            </Button>
            <Button $size="lg" $block $variant="secondary" onClick={() => navigate(newConversationPath('text'))}>
              Start a text conversation
            </Button>
            <Button $size="lg" $block $variant="secondary" onClick={() => navigate(newConversationPath('upload'))}>
              Upload an audio file
            </Button>
          </Actions>
          {loadFailed && !savedMode && <LoadError message={THREAD_MESSAGES.welcomeLoadFailed} onRetry={() => allThreads.refetch()} />}
          {(hasThreads || savedMode) && <ContinueStories savedMode={savedMode} />}
        </Card>

        {savedMode ? (
          <SavedList>
            <ThreadList />
          </SavedList>
        ) : (
          <PracticeCard locked={locked.data?.locked.interviewPractice} />
        )}
        {!savedMode && (
          <PlanCard aria-labelledby="your-plan">
            <PlanSummary headingId="your-plan" />
          </PlanCard>
        )}
        {!savedMode && <ResumeCard locked={locked.data?.locked.resume} />}
        {!savedMode && <PublicProfileCard locked={locked.data?.locked.publicProfile} />}
      </Main>
    </PageFrame>
  );
}
