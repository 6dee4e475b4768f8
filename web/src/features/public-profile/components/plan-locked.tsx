import type { OwnPublicProfile } from '@story/proto';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import { EditorCard } from './editor-parts.ts';
import { PublishedBar } from './published-bar.tsx';

const Notice = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/** A plan without the public profile: the sentence naming the plan that has it; a profile still public can be taken down. */
export function PlanLocked({
  message,
  published,
  busy,
  onTakeDown,
}: {
  message: string;
  published: OwnPublicProfile | null;
  busy: boolean;
  onTakeDown: () => Promise<void>;
}) {
  return (
    <>
      <EditorCard aria-labelledby="profile-plan-heading">
        <h2 id="profile-plan-heading">Not part of your plan</h2>
        <Notice data-testid="feature-locked">{message}</Notice>
        <Links>
          <Link to="/#pricing-heading">See the plans</Link>
          <Link to="/welcome">Back to home</Link>
        </Links>
      </EditorCard>
      {published && <PublishedBar published={published} busy={busy} onTakeDown={onTakeDown} />}
    </>
  );
}
