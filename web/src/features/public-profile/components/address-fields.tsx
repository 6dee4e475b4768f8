import { PROFILE_THEMES, PUBLIC_PROFILE_LIMITS, type ProfileTheme } from '@story/proto';
import { TextField } from '../../../components/form-field.tsx';
import { customNameProblem, type ProfileDraft } from '../lib/profile-draft.ts';
import { Choice, ChoiceGroup, EditorCard } from './editor-parts.ts';

type SetDraft = (update: (draft: ProfileDraft) => ProfileDraft) => void;

const THEME_LABELS: Record<ProfileTheme, { name: string; detail: string }> = {
  classic: { name: 'Profile', detail: 'A banner and a card per section, like a professional network profile' },
  site: { name: 'Personal site', detail: 'One calm column with a large name, like a personal home page' },
};

/** How the page looks, where it lives (an unguessable address or a name of one's own), and whether search engines may list it. */
export function AddressFields({ draft, setDraft }: { draft: ProfileDraft; setDraft: SetDraft }) {
  const problem = draft.customName.trim() ? customNameProblem(draft) : '';
  return (
    <EditorCard aria-labelledby="profile-address">
      <h2 id="profile-address">Look and address</h2>
      <ChoiceGroup>
        <legend>Theme</legend>
        {PROFILE_THEMES.map((theme) => (
          <Choice key={theme}>
            <input type="radio" name="profile-theme" checked={draft.theme === theme} onChange={() => setDraft((current) => ({ ...current, theme }))} />
            <span>
              {THEME_LABELS[theme].name}
              <small>{THEME_LABELS[theme].detail}</small>
            </span>
          </Choice>
        ))}
      </ChoiceGroup>
      <ChoiceGroup>
        <legend>Address</legend>
        <Choice>
          <input
            type="radio"
            name="profile-address"
            checked={draft.address === 'random'}
            onChange={() => setDraft((current) => ({ ...current, address: 'random' }))}
          />
          <span>
            An unguessable address
            <small>Only people you share the link with can find it</small>
          </span>
        </Choice>
        <Choice>
          <input
            type="radio"
            name="profile-address"
            checked={draft.address === 'custom'}
            onChange={() => setDraft((current) => ({ ...current, address: 'custom' }))}
          />
          <span>
            A name of my own
            <small>
              Lowercase letters, digits and hyphens, {PUBLIC_PROFILE_LIMITS.nameMin}–{PUBLIC_PROFILE_LIMITS.nameMax} characters
            </small>
          </span>
        </Choice>
      </ChoiceGroup>
      {draft.address === 'custom' && (
        <TextField
          id="profile-custom-name"
          label="Profile name"
          placeholder="ada-park"
          value={draft.customName}
          error={problem || undefined}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => setDraft((current) => ({ ...current, customName: event.target.value }))}
        />
      )}
      <Choice>
        <input
          type="checkbox"
          checked={draft.allowSearchEngines}
          onChange={(event) => setDraft((current) => ({ ...current, allowSearchEngines: event.target.checked }))}
        />
        <span>
          Let search engines list my profile
          <small>Off: the page asks search engines not to index it</small>
        </span>
      </Choice>
    </EditorCard>
  );
}
