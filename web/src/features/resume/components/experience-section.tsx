import type { Resume } from '@story/proto';
import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { CardSection } from '../../../components/card-section.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';
import { useResumeSuggestions } from '../hooks/use-resume-suggestions.ts';
import { ExperienceView } from './resume-view.tsx';

const countLine = (count: number) =>
  count === 0 ? RESUME_SCREEN_MESSAGES.noSuggestions : `${count} ${count === 1 ? 'suggestion' : 'suggestions'} to make your bullets stronger.`;

/** "Experience": the roles and their bullets, each weak one beside its suggestion. */
export function ExperienceSection({ resume, onNewVersion }: { resume: Resume; onNewVersion: (resume: Resume) => void }) {
  const { state, acting, accept, dismiss, reload } = useResumeSuggestions(resume, onNewVersion);
  const suggestions = state.status === 'ready' ? state.suggestions : [];
  return (
    <CardSection aria-labelledby="resume-experience">
      <h2 id="resume-experience">Experience</h2>
      {state.status === 'loading' && <BusyStatus>Looking for suggestions...</BusyStatus>}
      {state.status === 'failed' && <LoadError message={state.message} onRetry={reload} />}
      {state.status === 'ready' && <p role="status">{countLine(suggestions.length)}</p>}
      <ExperienceView
        resume={resume}
        actions={{ suggestions, acting, onAccept: (suggestion) => void accept(suggestion), onDismiss: (suggestion) => void dismiss(suggestion) }}
      />
    </CardSection>
  );
}
