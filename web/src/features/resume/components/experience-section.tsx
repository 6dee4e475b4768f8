import type { Resume } from '@story/proto';
import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { styled } from 'styled-components';
import { CardSection } from '../../../components/card-section.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';
import { useResumeSuggestions } from '../hooks/use-resume-suggestions.ts';
import { ExperienceView } from './resume-view.tsx';

const countLine = (count: number, advised: boolean) => {
  if (count > 0) return `${count} ${count === 1 ? 'suggestion' : 'suggestions'} to make your bullets stronger.`;
  return advised ? RESUME_SCREEN_MESSAGES.noRewrites : RESUME_SCREEN_MESSAGES.noSuggestions;
};

/** What to add to the lines without their outcome: said once for the résumé, not on every card. */
const Advice = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primarySoft};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

/** "Experience": the roles and their bullets, each weak one beside its suggestion, and once what to add to the lines without an outcome. */
export function ExperienceSection({ resume, onNewVersion }: { resume: Resume; onNewVersion: (resume: Resume) => void }) {
  const { state, acting, accept, dismiss, reload } = useResumeSuggestions(resume, onNewVersion);
  const suggestions = state.status === 'ready' ? state.suggestions : [];
  return (
    <CardSection aria-labelledby="resume-experience">
      <h2 id="resume-experience">Experience</h2>
      {state.status === 'loading' && <BusyStatus>Looking for suggestions...</BusyStatus>}
      {state.status === 'failed' && <LoadError message={state.message} onRetry={reload} />}
      {state.status === 'ready' && <p role="status">{countLine(suggestions.length, state.advice !== null)}</p>}
      {state.status === 'ready' && state.advice && <Advice data-testid="resume-advice">{state.advice.message}</Advice>}
      <ExperienceView
        resume={resume}
        actions={{ suggestions, acting, onAccept: (suggestion) => void accept(suggestion), onDismiss: (suggestion) => void dismiss(suggestion) }}
      />
    </CardSection>
  );
}
