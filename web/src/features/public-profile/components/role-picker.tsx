import type { PublicProfileRole } from '@story/proto';
import { Link } from 'react-router';
import type { ProfileDraft } from '../lib/profile-draft.ts';
import { Choice, ChoiceGroup, EditorCard, Hint } from './editor-parts.ts';
import { PATHS } from '../../../lib/paths.ts';

type SetDraft = (update: (draft: ProfileDraft) => ProfileDraft) => void;

/** The résumé's roles, each chosen or not; they are copied from the résumé when the profile is published. */
export function RolePicker({ roles, draft, setDraft }: { roles: PublicProfileRole[]; draft: ProfileDraft; setDraft: SetDraft }) {
  const toggle = (id: string, on: boolean) =>
    setDraft((current) => ({
      ...current,
      roleIds: on ? [...current.roleIds.filter((known) => known !== id), id] : current.roleIds.filter((known) => known !== id),
    }));
  return (
    <EditorCard aria-labelledby="profile-roles">
      <h2 id="profile-roles">Roles</h2>
      {roles.length === 0 ? (
        <Hint>
          Your roles come from your résumé. <Link to={PATHS.resume}>Upload your résumé</Link> to add them.
        </Hint>
      ) : (
        <ChoiceGroup>
          <legend>Roles from your résumé to show</legend>
          {roles.map((role) => (
            <Choice key={role.id}>
              <input type="checkbox" checked={draft.roleIds.includes(role.id)} onChange={(event) => toggle(role.id, event.target.checked)} />
              <span>
                {role.title}
                {role.company && ` · ${role.company}`}
                {role.dates && <small>{role.dates}</small>}
              </span>
            </Choice>
          ))}
        </ChoiceGroup>
      )}
    </EditorCard>
  );
}
