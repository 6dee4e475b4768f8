import {
  profileSourcesResponseSchema,
  publicProfileResponseSchema,
  type ProfileSourcesResponse,
  type PublicProfileResponse,
  type PublishProfileRequest,
} from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';

/*
 * The public profile goes over REST (issue 24): the profile service serves no subgraph, and the
 * page itself is HTML at /p/{slug}.
 */

const parseProfile = (data: unknown): PublicProfileResponse => publicProfileResponseSchema.parse(data);

/** The person's published profile, or `published: false`. */
export function fetchOwnProfile(): Promise<PublicProfileResponse> {
  return httpClient.get('/api/profile', { parse: parseProfile });
}

/** What the editor offers: the résumé's name and roles, the stories with drafted summaries (403 without the plan). */
export function fetchProfileSources(): Promise<ProfileSourcesResponse> {
  return httpClient.get('/api/profile/sources', { parse: (data) => profileSourcesResponseSchema.parse(data) });
}

/** Publishes, or updates, the profile; the profile as published. */
export function publishProfile(request: PublishProfileRequest): Promise<PublicProfileResponse> {
  return httpClient.put('/api/profile', request, { parse: parseProfile });
}

/** Takes the profile down at once. */
export async function takeDownProfile(): Promise<void> {
  await httpClient.delete('/api/profile');
}
