import { useId, useMemo, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { JOB_MESSAGES, confirmJobDescriptionRequestSchema, createSnippetRequestSchema } from '@story/proto';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { Label, TextArea } from '../../components/form-field.tsx';
import { MarkdownView } from '../../components/markdown.tsx';
import { PageShell } from '../../components/page-shell.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyError, notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useExclusiveTask } from '../../hooks/use-exclusive-task.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { ReviewState } from './interview-start.page.tsx';
import { confirmJobDescription, createSnippet } from './job-descriptions.api.ts';
import { refreshJobDescriptionLists } from './job-descriptions.graphql.ts';
import { parseReviewParams, practicePath } from './interview-links.ts';
import { refusalOr } from './refusal.ts';

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

const Preview = styled.div`
  max-height: 65vh;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md} !important;
  line-height: 1.4;
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

/**
 * /interview-practice/review: the cleaned description in Preview (markdown, links limited to the
 * allowed schemes, raw HTML dropped) or Edit (its markdown source), "Confirm Formatting" to save it,
 * and a box to paste the section to practise and "Save Snippet to begin practice".
 */
export function ReviewPage() {
  useDocumentTitle('Review Job Description');
  const navigate = useNavigate();
  const client = useApolloClient();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const params = useMemo(() => parseReviewParams(searchParams), [searchParams]);
  const originalContent = originalContentOf(location.state);
  const [content, setContent] = useState(params.description);
  const [mode, setMode] = useState<'preview' | 'edit'>('preview');
  const [snippetText, setSnippetText] = useState('');
  const confirming = useExclusiveTask();
  const savingSnippet = useExclusiveTask();
  const editorId = useId();
  const snippetId = useId();
  const snippetHeadingId = useId();

  const handleConfirm = () =>
    void confirming.run(async () => {
      const input = { formattedContent: content, jobTitle: params.jobTitle, companyName: params.companyName, ...(originalContent ? { originalContent } : {}), ...(params.id > 0 ? { id: params.id } : {}) };
      const problem = firstProblem(confirmJobDescriptionRequestSchema.safeParse(input));
      if (problem) {
        notifyError(problem);
        return;
      }
      try {
        await confirmJobDescription(input);
        notifySuccess(JOB_MESSAGES.formattingSaved);
        refreshJobDescriptionLists(client);
        navigate('/interview-practice/saved');
      } catch (error) {
        notifyFailure(refusalOr(error, JOB_MESSAGES.saveFormattedFailed), error);
      }
    });

  const handleSaveSnippet = () =>
    void savingSnippet.run(async () => {
      const input = { snippetText, jobDescriptionId: params.id };
      const problem = firstProblem(createSnippetRequestSchema.safeParse(input));
      if (problem) {
        notifyError(problem);
        return;
      }
      try {
        const id = await createSnippet(input);
        refreshJobDescriptionLists(client);
        navigate(practicePath(snippetText, id));
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
            <Button onClick={handleConfirm} disabled={confirming.busy} aria-busy={confirming.busy || undefined}>
              {confirming.busy && <Spinner size={16} />}
              {confirming.busy ? 'Saving...' : 'Confirm Formatting'}
            </Button>
          </Toolbar>
          {mode === 'preview' ? (
            <Preview data-testid="markdown-preview">
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
          <TextArea id={snippetId} $rows={8} value={snippetText} onChange={(event) => setSnippetText(event.target.value)} placeholder="Paste the section you want to practice..." />
          <Button onClick={handleSaveSnippet} disabled={savingSnippet.busy} aria-busy={savingSnippet.busy || undefined}>
            {savingSnippet.busy && <Spinner size={16} />}
            {savingSnippet.busy ? 'Saving snippet...' : 'Save Snippet to begin practice'}
          </Button>
        </CardSection>
      </Columns>
    </PageShell>
  );
}
