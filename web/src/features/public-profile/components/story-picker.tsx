import { PUBLIC_PROFILE_LIMITS } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { FieldGroup, Label, TextArea, TextInput } from '../../../components/form-field.tsx';
import { newDraftStory, type DraftStory, type ProfileDraft } from '../lib/profile-draft.ts';
import { Choice, EditorCard, Hint } from './editor-parts.ts';

type SetDraft = (update: (draft: ProfileDraft) => ProfileDraft) => void;

const Stories = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StoryItem = styled.li<{ $included: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme, $included }) => ($included ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $included }) => ($included ? theme.colors.surface : theme.colors.surfaceMuted)};
`;

/** One story: published or not, its title and the short summary the person edits. */
function StoryEditor({ story, index, onChange }: { story: DraftStory; index: number; onChange: (next: DraftStory) => void }) {
  const id = `profile-story-${story.key}`;
  const name = story.title.trim() || `Story ${index + 1}`;
  return (
    <StoryItem $included={story.included}>
      <Choice>
        <input type="checkbox" checked={story.included} onChange={(event) => onChange({ ...story, included: event.target.checked })} />
        <span>Publish “{name}”</span>
      </Choice>
      <FieldGroup>
        <Label htmlFor={`${id}-title`}>Title</Label>
        <TextInput
          id={`${id}-title`}
          value={story.title}
          maxLength={PUBLIC_PROFILE_LIMITS.storyTitle}
          onChange={(event) => onChange({ ...story, title: event.target.value })}
        />
      </FieldGroup>
      <FieldGroup>
        <Label htmlFor={`${id}-summary`}>Summary</Label>
        <TextArea
          id={`${id}-summary`}
          $rows={3}
          value={story.summary}
          maxLength={PUBLIC_PROFILE_LIMITS.storySummary}
          onChange={(event) => onChange({ ...story, summary: event.target.value })}
        />
      </FieldGroup>
    </StoryItem>
  );
}

/** The person's stories as short summaries they edit (never the whole conversation), and stories they write here. */
export function StoryPicker({ draft, setDraft }: { draft: ProfileDraft; setDraft: SetDraft }) {
  const chosen = draft.stories.filter((story) => story.included).length;
  const replace = (next: DraftStory) =>
    setDraft((current) => ({ ...current, stories: current.stories.map((story) => (story.key === next.key ? next : story)) }));
  return (
    <EditorCard aria-labelledby="profile-stories">
      <h2 id="profile-stories">Stories</h2>
      <Hint>
        Only a short summary is published, never the conversation. {chosen} of at most {PUBLIC_PROFILE_LIMITS.stories} chosen.
      </Hint>
      {draft.stories.length === 0 && <Hint>Stories you tell appear here, each with a drafted summary you can edit.</Hint>}
      <Stories aria-label="Your stories">
        {draft.stories.map((story, index) => (
          <StoryEditor key={story.key} story={story} index={index} onChange={replace} />
        ))}
      </Stories>
      <Button $variant="secondary" onClick={() => setDraft((current) => ({ ...current, stories: [...current.stories, newDraftStory()] }))}>
        Write a story
      </Button>
    </EditorCard>
  );
}
