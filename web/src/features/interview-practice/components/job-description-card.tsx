import { useId, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { cardSurfaceStyles } from '../../../components/card-section.ts';
import { MarkdownView } from '../../../components/markdown.tsx';
import { formatRelative } from '../../../lib/date-format.ts';
import type { JobDescriptionCardData } from '../api/job-descriptions.graphql.ts';

const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  padding: ${({ theme }) => theme.space.lg};
  ${cardSurfaceStyles}
`;

const Header = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The description scrolls after about 200 px (spec section 9); it can be scrolled with the keyboard. */
const Content = styled.div`
  max-height: 200px;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.background};

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

export const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** One saved job description: title, company, when it was saved, its markdown, then what the page adds. */
export function JobDescriptionCard({ description, children }: { description: JobDescriptionCardData; children?: ReactNode }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-job-description-id={description.id}>
      <Header>
        <h2 id={titleId}>{description.jobTitle}</h2>
        <Meta>
          <span>{description.companyName}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={description.createdAt}>{formatRelative(description.createdAt)}</time>
        </Meta>
      </Header>
      <Content tabIndex={0} role="region" aria-label={`Job description: ${description.jobTitle}`}>
        <MarkdownView>{description.formattedContent}</MarkdownView>
      </Content>
      {children}
    </Card>
  );
}

/** The cards of a list page, one column on phones and two from tablets up. */
export const CardGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** The buttons under a list page's title. */
export const PageActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

export const EmptyText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
