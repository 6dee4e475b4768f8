import type { Resume, ResumeRole, ResumeSuggestion } from '@story/proto';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import { bulletElementId } from '../lib/resume-links.ts';
import { SuggestionCard } from './suggestion-card.tsx';
import { tellStoryPath } from '../../../lib/paths.ts';

const Roles = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const RoleHead = styled.div`
  display: grid;
  gap: 2px;

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
    overflow-wrap: anywhere;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Bullets = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  list-style: none;
`;

/** A bullet beside its suggestion on wide screens; the suggestion under it on phones. */
const BulletItem = styled.li<{ $suggested: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: ${({ $suggested }) => ($suggested ? 'minmax(0, 2fr) minmax(0, 3fr)' : 'minmax(0, 1fr)')};
  }
`;

const BulletText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  justify-items: start;
  padding-left: ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.colors.border};

  p {
    overflow-wrap: anywhere;
  }
  p:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  a {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export interface SuggestionActions {
  suggestions: readonly ResumeSuggestion[];
  acting: string | null;
  onAccept: (suggestion: ResumeSuggestion) => void;
  onDismiss: (suggestion: ResumeSuggestion) => void;
}

/** One role: title, company, place and dates, then each bullet with its suggestion, if any. */
function RoleView({ resume, role, actions }: { resume: Resume; role: ResumeRole; actions: SuggestionActions }) {
  const where = [role.company, role.location].filter(Boolean).join(' · ');
  return (
    <article aria-labelledby={`role-${role.id}`}>
      <RoleHead>
        <h3 id={`role-${role.id}`}>{role.title}</h3>
        {where && <p>{where}</p>}
        {role.dates && <p>{role.dates}</p>}
      </RoleHead>
      <Bullets>
        {role.bullets.map((bullet) => {
          const suggestion = actions.suggestions.find((item) => item.bulletId === bullet.id);
          return (
            <BulletItem key={bullet.id} $suggested={suggestion !== undefined} data-testid="resume-bullet">
              <BulletText>
                <p id={bulletElementId(bullet.id)} tabIndex={-1}>
                  {bullet.text}
                </p>
                {!suggestion?.toAdd && (
                  <Link to={tellStoryPath(resume.id, bullet.id)} aria-describedby={bulletElementId(bullet.id)}>
                    Tell the story behind this line
                  </Link>
                )}
              </BulletText>
              {suggestion && (
                <SuggestionCard
                  resumeId={resume.id}
                  suggestion={suggestion}
                  busy={actions.acting !== null}
                  acting={actions.acting === suggestion.id}
                  onAccept={actions.onAccept}
                  onDismiss={actions.onDismiss}
                />
              )}
            </BulletItem>
          );
        })}
      </Bullets>
    </article>
  );
}

/** The experience of the résumé, role by role, with the suggestions beside their bullets. */
export function ExperienceView({ resume, actions }: { resume: Resume; actions: SuggestionActions }) {
  if (resume.content.roles.length === 0) return <p>No roles yet. Edit your résumé to add them.</p>;
  return (
    <Roles>
      {resume.content.roles.map((role) => (
        <RoleView key={role.id} resume={resume} role={role} actions={actions} />
      ))}
    </Roles>
  );
}
