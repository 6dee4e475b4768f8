import { publicProfilePath, type OwnPublicProfile, type PublicProfileContent, type PublicProfileResponse } from '@story/proto';
import type { PublishedProfileRecord } from './public-profile.repository.ts';

/** The person's own profile, as the editor reads it (`published: false` without one). */
export function presentOwnProfile(record: PublishedProfileRecord | undefined): PublicProfileResponse {
  if (!record) return { published: false, profile: null };
  const profile: OwnPublicProfile = {
    ...record.content,
    slug: record.slug,
    url: publicProfilePath(record.slug),
    customName: record.customName ? record.slug : null,
    publishedAt: record.publishedAt,
    updatedAt: record.updatedAt,
  };
  return { published: true, profile };
}

/** What the public page may show: the published content without anything private (the stories' threads). */
export function presentPublicContent(record: PublishedProfileRecord): PublicProfileContent {
  const { content } = record;
  return {
    displayName: content.displayName,
    headline: content.headline,
    about: content.about,
    roles: content.roles,
    stories: content.stories.map((story) => ({ title: story.title, summary: story.summary })),
    theme: content.theme,
    allowSearchEngines: content.allowSearchEngines,
  };
}
