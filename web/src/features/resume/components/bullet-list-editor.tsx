import { useId, type Dispatch } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { TextArea } from '../../../components/form-field.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.ts';
import type { DraftAction } from '../lib/resume-draft-reducer.ts';
import type { ResumeRole } from '../lib/resume-draft.ts';
import { IconButton, PartActions } from './editor-parts.ts';

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: start;

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Tools = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const moveButtonId = (bulletId: string, direction: 'up' | 'down') => `move-${bulletId}-${direction}`;

/** One bullet: its text, and buttons to move it up or down or remove it (each named with its number). */
function BulletRow({ role, index, dispatch }: { role: ResumeRole; index: number; dispatch: Dispatch<DraftAction> }) {
  const id = useId();
  const bullet = role.bullets[index];
  if (!bullet) return null;
  const number = index + 1;
  const target = { roleId: role.id, bulletId: bullet.id };
  const handleMove = (by: -1 | 1) => {
    dispatch({ type: 'moveBullet', ...target, by });
    // Focus goes with the bullet moved (its button, or the other one once it reaches an end).
    requestAnimationFrame(() => {
      const next = index + by;
      const direction = by === -1 ? (next === 0 ? 'down' : 'up') : next === role.bullets.length - 1 ? 'up' : 'down';
      document.getElementById(moveButtonId(bullet.id, direction))?.focus();
    });
  };
  return (
    <Row>
      <div>
        <VisuallyHidden as="label" htmlFor={id}>
          Bullet {number}
        </VisuallyHidden>
        <TextArea id={id} $rows={2} value={bullet.text} onChange={(event) => dispatch({ type: 'bullet', ...target, text: event.target.value })} />
      </div>
      <Tools>
        <IconButton id={moveButtonId(bullet.id, 'up')} aria-label={`Move bullet ${number} up`} disabled={index === 0} onClick={() => handleMove(-1)}>
          ↑
        </IconButton>
        <IconButton
          id={moveButtonId(bullet.id, 'down')}
          aria-label={`Move bullet ${number} down`}
          disabled={index === role.bullets.length - 1}
          onClick={() => handleMove(1)}
        >
          ↓
        </IconButton>
        <IconButton aria-label={`Remove bullet ${number}`} onClick={() => dispatch({ type: 'removeBullet', ...target })}>
          ✕
        </IconButton>
      </Tools>
    </Row>
  );
}

/** A role's bullets, each editable, movable and removable, and "Add a bullet". */
export function BulletListEditor({ role, dispatch }: { role: ResumeRole; dispatch: Dispatch<DraftAction> }) {
  const headingId = useId();
  return (
    <>
      <Heading id={headingId}>Bullets</Heading>
      {role.bullets.length > 0 && (
        <List aria-labelledby={headingId}>
          {role.bullets.map((bullet, index) => (
            <BulletRow key={bullet.id} role={role} index={index} dispatch={dispatch} />
          ))}
        </List>
      )}
      <PartActions>
        <Button $variant="secondary" onClick={() => dispatch({ type: 'addBullet', roleId: role.id })}>
          Add a bullet
        </Button>
      </PartActions>
    </>
  );
}
