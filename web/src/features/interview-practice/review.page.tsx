import { useMemo, useRef, useState } from 'react';
import { JOB_MESSAGES, confirmJobDescriptionRequestSchema, createSnippetRequestSchema } from '@story/proto';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { styled } from 'styled-components';
import { PageShell } from '../../chrome/page-shell.tsx';
import { MainSideColumns } from '../../components/main-side-columns.ts';
import { notifyFailure } from '../../components/toast/notify.ts';
import { useProblemToast } from '../../hooks/use-problem-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { ReviewState } from './interview-start.page.tsx';
import { useCreateSnippet } from './api/job-descriptions.api.ts';
import { FormattedDescription, type ReviewMode } from './components/formatted-description.tsx';
import { SnippetForm } from './components/snippet-form.tsx';
import { firstProblem, useConfirmFormatting } from './hooks/use-confirm-formatting.ts';
import { usePreviewSelection } from './hooks/use-preview-selection.ts';
import { useRunningSave } from './hooks/use-running-save.ts';
import { parseReviewParams } from './lib/interview-links.ts';
import { refusalOr } from './lib/refusal.ts';
import { PATHS, practicePath, reviewPath } from '../../lib/paths.ts';

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The text as pasted, which the start screen hands over in the navigation state (absent after a reload). */
function originalContentOf(state: unknown): ReviewState['originalContent'] | undefined {
  if (typeof state !== 'object' || state === null || !('originalContent' in state)) return undefined;
  return typeof state.originalContent === 'string' ? state.originalContent : undefined;
}

/**
 * /interview-practice/review: the cleaned description in Preview (markdown, links limited to the
 * allowed schemes, raw HTML dropped; text selected in it fills the snippet box) or Edit (its
 * markdown source), "Confirm Formatting" to save it, and a box to paste the section to practise and
 * "Save Snippet to begin practice", which saves the description first when it is not saved yet.
 */
export function ReviewPage() {
  useDocumentTitle('Review Job Description');
  const navigate = useNavigate();
  const createSnippet = useCreateSnippet();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const params = useMemo(() => parseReviewParams(searchParams), [searchParams]);
  const originalContent = originalContentOf(location.state);
  const [content, setContent] = useState(params.description);
  const [mode, setMode] = useState<ReviewMode>('preview');
  const [snippetText, setSnippetText] = useState('');
  // One save at a time: a snippet of a description not saved yet saves the description first.
  const { busy, running, runAs } = useRunningSave<'confirm' | 'snippet'>();
  const previewRef = useRef<HTMLDivElement>(null);

  const contentProblem = firstProblem(confirmJobDescriptionRequestSchema.shape.formattedContent.safeParse(content));
  const snippetProblem = firstProblem(createSnippetRequestSchema.shape.snippetText.safeParse(snippetText));
  const complain = useProblemToast([contentProblem, snippetProblem].filter((problem) => problem !== undefined));

  // Selecting text in the preview puts it in the snippet box, as copying and pasting it would.
  usePreviewSelection(previewRef, mode === 'preview', setSnippetText);

  const confirm = useConfirmFormatting(params, content, originalContent, complain);

  const handleConfirm = () =>
    runAs('confirm', async () => {
      if ((await confirm()) !== null) navigate(PATHS.interviewSaved);
    });

  const handleSaveSnippet = () =>
    runAs('snippet', async () => {
      const text = snippetText;
      if (snippetProblem) return complain(snippetProblem);
      let jobDescriptionId = params.id;
      if (jobDescriptionId === 0) {
        const saved = await confirm();
        if (saved === null) return;
        jobDescriptionId = saved;
        // Back from the practice screen comes to this description, saved, not to a new copy of it.
        await navigate(reviewPath({ ...params, id: saved }), { replace: true, state: location.state });
      }
      const input = { snippetText: text, jobDescriptionId };
      const problem = firstProblem(createSnippetRequestSchema.safeParse(input));
      if (problem) return complain(problem);
      try {
        const id = await createSnippet(input);
        navigate(practicePath(text, id));
      } catch (error) {
        notifyFailure(refusalOr(error, JOB_MESSAGES.saveSnippetFailed), error);
      }
    });

  return (
    <PageShell title="Review Job Description">
      {(params.jobTitle || params.companyName) && <Meta>{[params.jobTitle, params.companyName].filter(Boolean).join(' · ')}</Meta>}
      <MainSideColumns>
        <FormattedDescription
          content={content}
          onContentChange={setContent}
          mode={mode}
          onModeChange={setMode}
          previewRef={previewRef}
          busy={busy}
          confirming={running === 'confirm'}
          onConfirm={handleConfirm}
        />
        <SnippetForm snippetText={snippetText} onChange={setSnippetText} busy={busy} saving={running === 'snippet'} onSave={handleSaveSnippet} />
      </MainSideColumns>
    </PageShell>
  );
}
