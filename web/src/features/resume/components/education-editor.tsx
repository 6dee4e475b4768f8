import { useId, type Dispatch } from 'react';
import { Label, TextArea, TextField } from '../../../components/form-field.tsx';
import type { DraftAction } from '../lib/resume-draft-reducer.ts';
import type { EducationDraft, ExtraSectionDraft } from '../lib/resume-draft.ts';
import { FieldPairs, PartFieldset, RemoveButton } from './editor-parts.ts';

/** One education entry: school, degree, dates and details (one a line). */
export function EducationEditor({ entry, index, dispatch }: { entry: EducationDraft; index: number; dispatch: Dispatch<DraftAction> }) {
  const id = useId();
  const change = (fields: Partial<EducationDraft>) => dispatch({ type: 'education', educationId: entry.id, fields });
  return (
    <PartFieldset>
      <legend>{[`Education ${index + 1}`, entry.school].filter(Boolean).join(': ')}</legend>
      <FieldPairs>
        <TextField id={`${id}-school`} label="School" required value={entry.school} onChange={(event) => change({ school: event.target.value })} />
        <TextField id={`${id}-degree`} label="Degree" value={entry.degree} onChange={(event) => change({ degree: event.target.value })} />
        <TextField id={`${id}-dates`} label="Dates" value={entry.dates} onChange={(event) => change({ dates: event.target.value })} />
      </FieldPairs>
      <Label htmlFor={`${id}-details`}>Details (one a line)</Label>
      <TextArea id={`${id}-details`} $rows={2} value={entry.details} onChange={(event) => change({ details: event.target.value })} />
      <RemoveButton onClick={() => dispatch({ type: 'removeEducation', educationId: entry.id })}>Remove this entry</RemoveButton>
    </PartFieldset>
  );
}

/** A section the résumé has beyond the usual ones (certifications, languages...): its heading and lines. */
export function ExtraSectionEditor({ section, index, dispatch }: { section: ExtraSectionDraft; index: number; dispatch: Dispatch<DraftAction> }) {
  const id = useId();
  const change = (fields: Partial<Omit<ExtraSectionDraft, 'key'>>) => dispatch({ type: 'extra', key: section.key, fields });
  return (
    <PartFieldset>
      <legend>{[`Section ${index + 1}`, section.heading].filter(Boolean).join(': ')}</legend>
      <TextField id={`${id}-heading`} label="Heading" value={section.heading} onChange={(event) => change({ heading: event.target.value })} />
      <Label htmlFor={`${id}-lines`}>Lines (one a line)</Label>
      <TextArea id={`${id}-lines`} $rows={3} value={section.lines} onChange={(event) => change({ lines: event.target.value })} />
      <RemoveButton onClick={() => dispatch({ type: 'removeExtra', key: section.key })}>Remove this section</RemoveButton>
    </PartFieldset>
  );
}
