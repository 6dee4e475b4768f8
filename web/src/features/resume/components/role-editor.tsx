import { useId, type Dispatch } from 'react';
import { TextField } from '../../../components/form-field.tsx';
import type { DraftAction } from '../lib/resume-draft-reducer.ts';
import type { ResumeRole } from '../lib/resume-draft.ts';
import { BulletListEditor } from './bullet-list-editor.tsx';
import { FieldPairs, PartFieldset, RemoveButton } from './editor-parts.ts';

type RoleField = 'title' | 'company' | 'location' | 'dates';
const ROLE_FIELDS: readonly { field: RoleField; label: string }[] = [
  { field: 'title', label: 'Title' },
  { field: 'company', label: 'Company' },
  { field: 'location', label: 'Location' },
  { field: 'dates', label: 'Dates' },
];

/** The legend of a role: its number, title and company, as far as they are filled in. */
export const roleLegend = (role: ResumeRole, index: number) =>
  [`Role ${index + 1}`, [role.title, role.company].filter(Boolean).join(' at ')].filter(Boolean).join(': ');

/** One role: title, company, location and dates, its bullets, and "Remove this role". */
export function RoleEditor({ role, index, dispatch }: { role: ResumeRole; index: number; dispatch: Dispatch<DraftAction> }) {
  const id = useId();
  return (
    <PartFieldset>
      <legend>{roleLegend(role, index)}</legend>
      <FieldPairs>
        {ROLE_FIELDS.map(({ field, label }) => (
          <TextField
            key={field}
            id={`${id}-${field}`}
            label={label}
            value={role[field]}
            required={field === 'title'}
            placeholder={field === 'dates' ? 'Mar 2021 – Present' : undefined}
            onChange={(event) => dispatch({ type: 'role', roleId: role.id, fields: { [field]: event.target.value } })}
          />
        ))}
      </FieldPairs>
      <BulletListEditor role={role} dispatch={dispatch} />
      <RemoveButton onClick={() => dispatch({ type: 'removeRole', roleId: role.id })}>Remove this role</RemoveButton>
    </PartFieldset>
  );
}
