import type { MatchedStory } from '@story/proto';
import { UNTIMED_PDF_DEADLINE_MS } from '@story/service-kit/pdf/pdf-renderer';
import { StandInPlans, multipartForm, startServiceForTest, type ServiceTestOptions, type ServiceUnderTest } from '@story/testing/service-under-test';
import { profileService, type ProfileDeps } from '../src/app.ts';
import type { ProfileConfig } from '../src/config.ts';

export type ProfileUnderTest = ServiceUnderTest<ProfileConfig, ProfileDeps>;

/** Stories for tests, by user: each bullet query gets the stories whose words it shares most (as the search service would, roughly). */
export class StandInStories {
  private readonly stories = new Map<number, MatchedStory[]>();
  readonly asked: { userId: number; keys: string[] }[] = [];

  tell(userId: number, story: MatchedStory): void {
    this.stories.set(userId, [...(this.stories.get(userId) ?? []), story]);
  }

  find = async (userId: number, queries: { key: string; text: string }[]): Promise<Map<string, MatchedStory[]>> => {
    this.asked.push({ userId, keys: queries.map((query) => query.key) });
    const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []);
    const found = new Map<string, MatchedStory[]>();
    for (const query of queries) {
      const asked = words(query.text);
      const matches = (this.stories.get(userId) ?? []).filter((story) => [...words(story.content)].some((word) => asked.has(word)));
      found.set(query.key, matches);
    }
    return found;
  };
}

/** The real profile service (SQLite in a temporary folder, the offline parser, suggestions and PDF), with stand-in plans and stories. */
export async function startProfileForTest(options: ServiceTestOptions<ProfileDeps> = {}) {
  const plans = new StandInPlans();
  const stories = new StandInStories();
  const service = await startServiceForTest(profileService, {
    ...options,
    // PDFs untimed: tests are never timed.
    env: { PDF_RENDER_DEADLINE_MS: String(UNTIMED_PDF_DEADLINE_MS), ...options.env },
    deps: { plans, findStories: stories.find, ...options.deps },
  });
  return { service, plans, stories };
}

/** Uploads `bytes` as `name` the way the web app does. */
export function uploadResume(service: ProfileUnderTest, headers: Record<string, string>, name: string, bytes: Buffer | Uint8Array) {
  const form = multipartForm([{ field: 'file', name, bytes }]);
  return service.app.inject({ method: 'POST', url: '/api/resumes', headers: { ...headers, 'content-type': form.contentType }, payload: form.body });
}
