import { useId, type Dispatch } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { CardSection } from '../../../components/card-section.ts';
import { FieldGroup, Label, TextArea, TextField } from '../../../components/form-field.tsx';
import { MainSideColumns } from '../../../components/main-side-columns.ts';
import type { DraftAction } from '../lib/resume-draft-reducer.ts';
import type { ResumeDraft } from '../lib/resume-draft.ts';
import { EducationEditor, ExtraSectionEditor } from './education-editor.tsx';
import { Hint, PartActions } from './editor-parts.ts';
import { RoleEditor } from './role-editor.tsx';

const Side = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

interface FormProps {
  draft: ResumeDraft;
  dispatch: Dispatch<DraftAction>;
}

/** Name, contact lines and summary. */
function DetailsCard({ draft, dispatch }: FormProps) {
  const id = useId();
  return (
    <CardSection aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Details</h2>
      <TextField
        id={`${id}-name`}
        label="Name"
        value={draft.name}
        onChange={(event) => dispatch({ type: 'field', field: 'name', value: event.target.value })}
      />
      <FieldGroup>
        <Label htmlFor={`${id}-contact`}>Contact lines (one a line)</Label>
        <TextArea
          id={`${id}-contact`}
          $rows={3}
          value={draft.contact}
          onChange={(event) => dispatch({ type: 'field', field: 'contact', value: event.target.value })}
        />
      </FieldGroup>
      <FieldGroup>
        <Label htmlFor={`${id}-summary`}>Summary</Label>
        <TextArea
          id={`${id}-summary`}
          $rows={4}
          value={draft.summary}
          onChange={(event) => dispatch({ type: 'field', field: 'summary', value: event.target.value })}
        />
      </FieldGroup>
    </CardSection>
  );
}

/** Skills as a comma list, education entries and the extra sections. */
function MoreCards({ draft, dispatch }: FormProps) {
  const id = useId();
  return (
    <>
      <CardSection aria-labelledby={`${id}-skills-heading`}>
        <h2 id={`${id}-skills-heading`}>Skills</h2>
        <FieldGroup>
          <Label htmlFor={`${id}-skills`}>Skills, separated by commas</Label>
          <TextArea
            id={`${id}-skills`}
            $rows={3}
            value={draft.skills}
            onChange={(event) => dispatch({ type: 'field', field: 'skills', value: event.target.value })}
          />
        </FieldGroup>
      </CardSection>
      <CardSection aria-labelledby={`${id}-education-heading`}>
        <h2 id={`${id}-education-heading`}>Education</h2>
        {draft.education.map((entry, index) => (
          <EducationEditor key={entry.id} entry={entry} index={index} dispatch={dispatch} />
        ))}
        <PartActions>
          <Button $variant="secondary" onClick={() => dispatch({ type: 'addEducation' })}>
            Add education
          </Button>
        </PartActions>
      </CardSection>
      <CardSection aria-labelledby={`${id}-extra-heading`}>
        <h2 id={`${id}-extra-heading`}>Other sections</h2>
        {draft.extraSections.length === 0 && <Hint>Certifications, languages, projects: anything else your résumé lists.</Hint>}
        {draft.extraSections.map((section, index) => (
          <ExtraSectionEditor key={section.key} section={section} index={index} dispatch={dispatch} />
        ))}
        <PartActions>
          <Button $variant="secondary" onClick={() => dispatch({ type: 'addExtra' })}>
            Add a section
          </Button>
        </PartActions>
      </CardSection>
    </>
  );
}

/** The whole résumé as a form: experience on the left (beside the rest on wide screens), the rest on the right. */
export function ResumeForm({ draft, dispatch }: FormProps) {
  const id = useId();
  return (
    <MainSideColumns>
      <CardSection aria-labelledby={`${id}-experience`}>
        <h2 id={`${id}-experience`}>Experience</h2>
        {draft.roles.length === 0 && <Hint>No roles were found in your file. Add each job you want on your résumé.</Hint>}
        {draft.roles.map((role, index) => (
          <RoleEditor key={role.id} role={role} index={index} dispatch={dispatch} />
        ))}
        <PartActions>
          <Button $variant="secondary" onClick={() => dispatch({ type: 'addRole' })}>
            Add a role
          </Button>
        </PartActions>
      </CardSection>
      <Side>
        <DetailsCard draft={draft} dispatch={dispatch} />
        <MoreCards draft={draft} dispatch={dispatch} />
      </Side>
    </MainSideColumns>
  );
}
