import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { JOB_MESSAGES, confirmJobDescriptionRequestSchema, createSnippetRequestSchema } from '@story/proto';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { Label, TextArea } from '../../components/form-field.tsx';
import { MarkdownView } from '../../components/markdown.tsx';
import { PageShell } from '../../components/page-shell.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useExclusiveTask } from '../../hooks/use-exclusive-task.ts';
import { useProblemToast } from '../../hooks/use-problem-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { ReviewState } from './interview-start.page.tsx';
import { useConfirmJobDescription, useCreateSnippet } from './api/job-descriptions.api.ts';
import { parseReviewParams, practicePath, reviewPath } from './lib/interview-links.ts';
import { refusalOr } from './lib/refusal.ts';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Toggle = styled.div`
  display: inline-flex;
  padding: 2px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
`;

/** The preview scrolls on its own, so it is a stop of the keyboard's (the arrow keys scroll it). */
const Preview = styled.div`
  max-height: 65vh;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md} !important;
  line-height: 1.4;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The text as pasted, which the start screen hands over in the navigation state (absent after a reload). */
function originalContentOf(state: unknown): ReviewState['originalContent'] | undefined {
  if (typeof state !== 'object' || state === null || !('originalContent' in state)) return undefined;
  return typeof state.originalContent === 'string' ? state.originalContent : undefined;
}

/** The first problem a schema finds, as the specification words it. */
const firstProblem = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? undefined : result.error?.issues[0]?.message);

/** The text of the selection when it lies inside `container` (and is not empty), else null. */
function selectedTextIn(container: HTMLElement | null): string | null {
  const selection = document.getSelection();
  if (!container || !selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  if (!container.contains(selection.getRangeAt(0).commonAncestorContainer)) return null;
  const text = selection.toString().trim();
  return text === '' ? null : text;
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
  const confirmJobDescription = useConfirmJobDescription();
  const createSnippet = useCreateSnippet();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const params = useMemo(() => parseReviewParams(searchParams), [searchParams]);
  const originalContent = originalContentOf(location.state);
  const [content, setContent] = useState(params.description);
  const [mode, setMode] = useState<'preview' | 'edit'>('preview');
  const [snippetText, setSnippetText] = useState('');
  // One save at a time: a snippet of a description not saved yet saves the description first.
  const saving = useExclusiveTask();
  const [running, setRunning] = useState<'confirm' | 'snippet' | null>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const editorId = useId();
  const snippetId = useId();
  const snippetHeadingId = useId();
  const snippetHintId = useId();

  const contentProblem = firstProblem(confirmJobDescriptionRequestSchema.shape.formattedContent.safeParse(content));
  const snippetProblem = firstProblem(createSnippetRequestSchema.shape.snippetText.safeParse(snippetText));
  const complain = useProblemToast([contentProblem, snippetProblem].filter((problem) => problem !== undefined));

  // Selecting text in the preview puts it in the snippet box, as copying and pasting it would.
  useEffect(() => {
    if (mode !== 'preview') return;
    const handleSelectionChange = () => {
      const text = selectedTextIn(previewRef.current);
      if (text !== null) setSnippetText(text);
    };
    document.addEventListener('selectionchange', handleSelectionChange);
    return () => document.removeEventListener('selectionchange', handleSelectionChange);
  }, [mode]);

  /** Saves the formatting (the description, when it is new); resolves to its id, or null after saying what went wrong. */
  const confirm = async (): Promise<number | null> => {
    const input = { formattedContent: content, jobTitle: params.jobTitle, companyName: params.companyName, ...(originalContent ? { originalContent } : {}), ...(params.id > 0 ? { id: params.id } : {}) };
    const problem = firstProblem(confirmJobDescriptionRequestSchema.safeParse(input));
    if (problem) {
      complain(problem);
      return null;
    }
    try {
      const id = await confirmJobDescription(input);
      notifySuccess(JOB_MESSAGES.formattingSaved);
      return id;
    } catch (error) {
      notifyFailure(refusalOr(error, JOB_MESSAGES.saveFormattedFailed), error);
      return null;
    }
  };

  const runAs = (action: 'confirm' | 'snippet', task: () => Promise<void>) =>
    void saving.run(async () => {
      setRunning(action);
      try {
        await task();
      } finally {
        setRunning(null);
      }
    });

  const handleConfirm = () =>
    runAs('confirm', async () => {
      if ((await confirm()) !== null) navigate('/interview-practice/saved');
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
      <Columns>
        <CardSection aria-label="Formatted job description">
          <Toolbar>
            <Toggle role="group" aria-label="View">
              <Button $variant="ghost" aria-pressed={mode === 'edit'} onClick={() => setMode('edit')}>
                Edit
              </Button>
              <Button $variant="ghost" aria-pressed={mode === 'preview'} onClick={() => setMode('preview')}>
                Preview
              </Button>
            </Toggle>
            <Button onClick={handleConfirm} disabled={saving.busy} aria-busy={running === 'confirm' || undefined}>
              {running === 'confirm' && <Spinner size={16} />}
              {running === 'confirm' ? 'Saving...' : 'Confirm Formatting'}
            </Button>
          </Toolbar>
          {mode === 'preview' ? (
            <Preview ref={previewRef} data-testid="markdown-preview" role="region" aria-label="Preview" tabIndex={0}>
              <MarkdownView>{content}</MarkdownView>
            </Preview>
          ) : (
            <>
              <Label htmlFor={editorId}>Markdown</Label>
              <TextArea id={editorId} $mono $rows={18} value={content} onChange={(event) => setContent(event.target.value)} spellCheck={false} />
            </>
          )}
        </CardSection>

        <CardSection aria-labelledby={snippetHeadingId}>
          <Heading id={snippetHeadingId}>Copy the relevant section of the job description that you want to practice for</Heading>
          <Label htmlFor={snippetId}>Section to practise</Label>
          <Hint id={snippetHintId}>Text you select in the preview is put here.</Hint>
          <TextArea id={snippetId} $rows={8} value={snippetText} onChange={(event) => setSnippetText(event.target.value)} placeholder="Paste the section you want to practice..." aria-describedby={snippetHintId} />
          <Button onClick={handleSaveSnippet} disabled={saving.busy} aria-busy={running === 'snippet' || undefined}>
            {running === 'snippet' && <Spinner size={16} />}
            {running === 'snippet' ? 'Saving snippet...' : 'Save Snippet to begin practice'}
          </Button>
        </CardSection>
      </Columns>
    </PageShell>
  );
}
