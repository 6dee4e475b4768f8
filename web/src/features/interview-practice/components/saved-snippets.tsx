import { useId } from 'react';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { BusyStatus } from '../../../components/spinner.tsx';
import { formatRelative } from '../../../lib/date-format.ts';
import { useJobDescriptionSnippets } from '../api/job-descriptions.api.ts';
import { snippetConversationsPath } from '../../../lib/paths.ts';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  padding: 0;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  justify-items: start;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

/** A snippet's text clamped to two lines (spec section 9). */
const Clamped = styled.p`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  overflow-wrap: anywhere;
  white-space: pre-line;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const When = styled.time`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ViewButton = styled(Button)`
  min-height: 36px;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-column: 2;
    grid-row: 1 / span 2;
  }
`;

/** "Saved Snippets" of one description, fetched each time the card is opened; a failure reads as no snippets. */
export function SavedSnippets({ jobDescriptionId, id }: { jobDescriptionId: string; id: string }) {
  const navigate = useNavigate();
  const headingId = useId();
  const snippets = useJobDescriptionSnippets(jobDescriptionId);

  return (
    <Section id={id} aria-labelledby={headingId}>
      <h3 id={headingId}>Saved Snippets</h3>
      {snippets === null ? (
        <BusyStatus>Loading snippets...</BusyStatus>
      ) : snippets.length === 0 ? (
        <Muted>No snippets saved yet. Click &quot;Practice&quot; to add snippets.</Muted>
      ) : (
        <List>
          {snippets.map((snippet) => (
            <Item key={snippet.id}>
              <Clamped title={snippet.snippetText}>{snippet.snippetText}</Clamped>
              <When dateTime={snippet.createdAt}>{formatRelative(snippet.createdAt)}</When>
              <ViewButton $variant="secondary" onClick={() => navigate(snippetConversationsPath(snippet.id))}>
                View Conversations
              </ViewButton>
            </Item>
          ))}
        </List>
      )}
    </Section>
  );
}
