import { PageShell } from '../../components/page-shell.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Placeholder: routing works; the screen itself is built by a later task. */
export function SnippetConversationsPage() {
  useDocumentTitle('Conversation History');
  return <PageShell title="Conversation History" />;
}
