import {
  checkProfileName,
  type OwnPublicProfile,
  type ProfileSourcesResponse,
  type ProfileTheme,
  type PublicProfileContent,
  type PublicProfileRole,
  type PublishProfileRequest,
} from '@story/proto';

/** A story in the editor: offered from the person's threads, or written here; only `included` ones are published. */
export interface DraftStory {
  key: string;
  title: string;
  summary: string;
  threadId: number | null;
  included: boolean;
}

/** What the person is editing, before it is published. */
export interface ProfileDraft {
  displayName: string;
  headline: string;
  about: string;
  roleIds: string[];
  stories: DraftStory[];
  theme: ProfileTheme;
  allowSearchEngines: boolean;
  /** 'random': an unguessable address; 'custom': `customName`. */
  address: 'random' | 'custom';
  customName: string;
}

let written = 0;
/** A blank story the person writes themselves. */
export function newDraftStory(): DraftStory {
  written += 1;
  return { key: `written-${written}`, title: '', summary: '', threadId: null, included: true };
}

const offered = (sources: ProfileSourcesResponse, published: Set<number>): DraftStory[] =>
  sources.stories
    .filter((story) => story.threadId === null || !published.has(story.threadId))
    .map((story, index) => ({ key: `offered-${story.threadId ?? `n${index}`}`, ...story, included: false }));

/**
 * The editor's starting point: the published profile when there is one (its stories first, the
 * other offered stories after them, not chosen), else the résumé's name (or the account's,
 * `fallbackName`) and every résumé role.
 */
export function initialDraft(sources: ProfileSourcesResponse, own: OwnPublicProfile | null, fallbackName = ''): ProfileDraft {
  const known = new Set(sources.roles.map((role) => role.id));
  if (!own) {
    return {
      displayName: sources.name || fallbackName,
      headline: '',
      about: '',
      roleIds: sources.roles.map((role) => role.id),
      stories: offered(sources, new Set()),
      theme: 'classic',
      allowSearchEngines: false,
      address: 'random',
      customName: '',
    };
  }
  const publishedThreads = new Set(own.stories.flatMap((story) => (story.threadId === null ? [] : [story.threadId])));
  return {
    displayName: own.displayName,
    headline: own.headline,
    about: own.about,
    roleIds: own.roles.map((role) => role.id).filter((id) => known.has(id)),
    stories: [...own.stories.map((story, index) => ({ key: `published-${index}`, ...story, included: true })), ...offered(sources, publishedThreads)],
    theme: own.theme,
    allowSearchEngines: own.allowSearchEngines,
    address: own.customName ? 'custom' : 'random',
    customName: own.customName ?? '',
  };
}

/** The chosen roles in the résumé's order. */
export const chosenRoles = (draft: ProfileDraft, roles: PublicProfileRole[]): PublicProfileRole[] => roles.filter((role) => draft.roleIds.includes(role.id));

/** What the page will show, for the live preview (a story is shown once it has a title or a summary). */
export function previewContent(draft: ProfileDraft, roles: PublicProfileRole[]): PublicProfileContent {
  return {
    displayName: draft.displayName.trim() || 'Your name',
    headline: draft.headline.trim(),
    about: draft.about,
    roles: chosenRoles(draft, roles),
    stories: draft.stories
      .filter((story) => story.included && (story.title.trim() || story.summary.trim()))
      .map((story) => ({ title: story.title.trim(), summary: story.summary })),
    theme: draft.theme,
    allowSearchEngines: draft.allowSearchEngines,
  };
}

/** The custom name's problem, as the server would say it ('' when none, or with a random address). */
export function customNameProblem(draft: ProfileDraft): string {
  if (draft.address !== 'custom') return '';
  const checked = checkProfileName(draft.customName);
  return checked.ok ? '' : checked.message;
}

/** The body of `PUT /api/profile`: only the chosen roles and stories. */
export function publishRequest(draft: ProfileDraft): PublishProfileRequest {
  return {
    displayName: draft.displayName,
    headline: draft.headline,
    about: draft.about,
    roleIds: draft.roleIds,
    stories: draft.stories.filter((story) => story.included).map(({ title, summary, threadId }) => ({ title, summary, threadId })),
    theme: draft.theme,
    allowSearchEngines: draft.allowSearchEngines,
    customName: draft.address === 'custom' ? draft.customName : null,
  };
}
