import { PUBLIC_PROFILE_LIMITS } from '@story/proto';
import { FieldGroup, Label, TextArea, TextField } from '../../../components/form-field.tsx';
import type { ProfileDraft } from '../lib/profile-draft.ts';
import { EditorCard, Hint } from './editor-parts.ts';

type SetDraft = (update: (draft: ProfileDraft) => ProfileDraft) => void;

/** The name, headline and about text at the top of the page. */
export function BasicsFields({ draft, setDraft }: { draft: ProfileDraft; setDraft: SetDraft }) {
  return (
    <EditorCard aria-labelledby="profile-basics">
      <h2 id="profile-basics">About you</h2>
      <TextField
        id="profile-name"
        label="Name"
        value={draft.displayName}
        maxLength={PUBLIC_PROFILE_LIMITS.displayName}
        autoComplete="name"
        onChange={(event) => setDraft((current) => ({ ...current, displayName: event.target.value }))}
      />
      <TextField
        id="profile-headline"
        label="Headline"
        placeholder="Platform engineer who makes deploys boring"
        value={draft.headline}
        maxLength={PUBLIC_PROFILE_LIMITS.headline}
        onChange={(event) => setDraft((current) => ({ ...current, headline: event.target.value }))}
      />
      <FieldGroup>
        <Label htmlFor="profile-about">About</Label>
        <TextArea
          id="profile-about"
          $rows={5}
          value={draft.about}
          maxLength={PUBLIC_PROFILE_LIMITS.about}
          aria-describedby="profile-about-hint"
          onChange={(event) => setDraft((current) => ({ ...current, about: event.target.value }))}
        />
        <Hint id="profile-about-hint">Plain text; a blank line starts a new paragraph.</Hint>
      </FieldGroup>
    </EditorCard>
  );
}
