import {
  PUBLIC_PROFILE_LIMITS,
  PUBLIC_PROFILE_MESSAGES,
  type ProfileSourcesResponse,
  type PublicProfileRole,
  type ResumeRole,
  type publishProfileRequestSchema,
} from '@story/proto';
import { HttpError, rateLimitRefusals } from '@story/service-kit';
import type { z } from 'zod';
import type { ResumeRepository } from '../resumes/resume.repository.ts';
import type { StoriesFinder } from '../resumes/resume-engines.ts';
import { randomProfileSlug } from './profile-slug.ts';
import type { PublicProfileRepository, PublishedProfileRecord } from './public-profile.repository.ts';
import { candidateQueries, storiesOnce, storyCandidates } from './story-candidates.ts';

export type PublishProfileBody = z.output<typeof publishProfileRequestSchema>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Random addresses collide once in 2^100; a few tries are plenty. */
const RANDOM_SLUG_TRIES = 3;

export interface PublicProfileServiceDeps {
  repository: PublicProfileRepository;
  resumes: ResumeRepository;
  findStories: StoriesFinder;
  clock: () => Date;
  randomSlug?: () => string;
}

const publicRole = (role: ResumeRole): PublicProfileRole => ({
  id: role.id,
  title: role.title,
  company: role.company,
  location: role.location,
  dates: role.dates,
  bullets: role.bullets.map((bullet) => bullet.text),
});

/**
 * The public profile (issue 24, point 4): publishing a snapshot of what the person chose (roles
 * copied from their current résumé) at an unguessable address or a custom name, taking it down,
 * and what the editor may offer.
 */
export class PublicProfileService {
  private readonly randomSlug: () => string;

  constructor(private readonly deps: PublicProfileServiceDeps) {
    this.randomSlug = deps.randomSlug ?? randomProfileSlug;
  }

  /** The person's published profile, if any. */
  async own(userId: number): Promise<PublishedProfileRecord | undefined> {
    return this.deps.repository.ofUser(userId);
  }

  /** The profile at an address, for anyone. */
  async atAddress(slug: string): Promise<PublishedProfileRecord | undefined> {
    return this.deps.repository.bySlug(slug);
  }

  /** Publishes (or updates) the person's profile: 400 for a role not on the résumé or a name taken (or held for whoever released it), 429 past the name changes allowed. */
  async publish(userId: number, body: PublishProfileBody): Promise<PublishedProfileRecord> {
    const { repository } = this.deps;
    const roles = await this.chosenRoles(userId, body.roleIds);
    const content = {
      displayName: body.displayName,
      headline: body.headline,
      about: body.about,
      roles,
      stories: storiesOnce(body.stories),
      theme: body.theme,
      allowSearchEngines: body.allowSearchEngines,
    };
    const now = this.deps.clock();
    const current = await repository.ofUser(userId);
    // An address someone released stays theirs this long (issue 36, 7): nobody else's page appears at an old link.
    const namesHeldSince = new Date(now.getTime() - PUBLIC_PROFILE_LIMITS.releasedNameHeldDays * DAY_MS).toISOString();

    if (body.customName !== null) {
      const renamed = current?.slug !== body.customName;
      if (renamed) await this.checkNameChanges(userId, now);
      const outcome = await repository.save({ userId, slug: body.customName, customName: true, content, now: now.toISOString(), namesHeldSince });
      if (outcome.kind === 'slug-taken') throw new HttpError(400, PUBLIC_PROFILE_MESSAGES.nameTaken);
      if (renamed) await repository.recordNameChange(userId, now.toISOString());
      return outcome.record;
    }

    // No name chosen: the profile keeps its random address, or gets a new one.
    let slug = current && !current.customName ? current.slug : this.randomSlug();
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await repository.save({ userId, slug, customName: false, content, now: now.toISOString(), namesHeldSince });
      if (outcome.kind === 'saved') return outcome.record;
      if (attempt >= RANDOM_SLUG_TRIES) throw new Error('no free random profile address after several tries');
      slug = this.randomSlug();
    }
  }

  /** Takes the person's profile down (its address held for them); false when none was published. */
  async takeDown(userId: number): Promise<boolean> {
    return this.deps.repository.remove(userId, this.deps.clock().toISOString());
  }

  /** What the editor offers: the current résumé's name and roles, and the person's stories as titles with drafted summaries. */
  async sources(userId: number): Promise<ProfileSourcesResponse> {
    const resume = await this.deps.resumes.current(userId);
    const roles = (resume?.content.roles ?? []).map(publicRole);
    const found = await this.deps.findStories(userId, candidateQueries(roles));
    return { name: resume?.content.name ?? '', roles, stories: storyCandidates(found) };
  }

  /** The chosen roles, copied from the current résumé in its order. */
  private async chosenRoles(userId: number, roleIds: string[]): Promise<PublicProfileRole[]> {
    if (roleIds.length === 0) return [];
    const resume = await this.deps.resumes.current(userId);
    const roles = resume?.content.roles ?? [];
    const known = new Set(roles.map((role) => role.id));
    if (roleIds.some((id) => !known.has(id))) throw new HttpError(400, PUBLIC_PROFILE_MESSAGES.roleNotOnResume);
    const chosen = new Set(roleIds);
    return roles.filter((role) => chosen.has(role.id)).map(publicRole);
  }

  private async checkNameChanges(userId: number, now: Date): Promise<void> {
    const since = new Date(now.getTime() - HOUR_MS).toISOString();
    if ((await this.deps.repository.nameChangesSince(userId, since)) < PUBLIC_PROFILE_LIMITS.nameChangesPerHour) return;
    rateLimitRefusals.inc({ limiter: 'profile-name-changes' });
    throw new HttpError(429, PUBLIC_PROFILE_MESSAGES.nameChangesTooMany, { 'retry-after': String(HOUR_MS / 1000) });
  }
}
