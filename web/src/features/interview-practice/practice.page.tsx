import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.ts';
import { MicIcon } from '../../components/icons.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { parsePracticeParams } from './lib/interview-links.ts';
import { SelectedRequirements, StartButtons } from './components/selected-requirements.tsx';
import { practiceConversationPath } from '../../lib/paths.ts';

/** /interview-practice/practice: the selected requirements and the two ways to start practising them. */
export function PracticePage() {
  useDocumentTitle('Practice Interview');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { section, snippetId } = useMemo(() => parsePracticeParams(searchParams), [searchParams]);

  return (
    <PageShell title="Practice Interview">
      <SelectedRequirements text={section} />
      <StartButtons>
        <Button $size="lg" onClick={() => navigate(practiceConversationPath(section, snippetId, 'voice'))}>
          <MicIcon size={18} />
          Start a voice conversation
        </Button>
        <Button $size="lg" $variant="secondary" onClick={() => navigate(practiceConversationPath(section, snippetId, 'text'))}>
          Start a text conversation
        </Button>
      </StartButtons>
    </PageShell>
  );
}
