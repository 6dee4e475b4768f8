import { z } from 'zod';
import { publicProfileContentSchema, publicProfileStorySchema } from '@story/proto';

/** What a published profile keeps: the page's content, and each story's thread (private, never on the page). */
export const storedProfileContentSchema = publicProfileContentSchema.extend({ stories: z.array(publicProfileStorySchema) });
export type StoredProfileContent = z.infer<typeof storedProfileContentSchema>;

/** A person's published profile: the snapshot made when they published it, at its address. */
export interface PublishedProfileRecord {
  userId: number;
  /** The address under `/p/`: a random one, or the person's custom name. */
  slug: string;
  /** Whether the slug is a name the person chose. */
  customName: boolean;
  content: StoredProfileContent;
  /** When it was first published, and last changed (ISO 8601). */
  publishedAt: string;
  updatedAt: string;
}

export type NewPublishedProfile = Omit<PublishedProfileRecord, 'publishedAt' | 'updatedAt'> & {
  now: string;
  /**
   * Addresses released at or after this time are still held for the person who released them
   * (issue 36, 7): refused to anyone else as taken, so an old link never shows a stranger's page.
   * Absent: no address is held.
   */
  namesHeldSince?: string;
};

/** Why a save was refused: another person's profile is at that address, or it is held for the person who released it. */
export type SaveProfileOutcome = { kind: 'saved'; record: PublishedProfileRecord } | { kind: 'slug-taken' };

/**
 * Published profiles, one per person, found by person or by address; the addresses a person released
 * (by a new name, a random address or taking the profile down), held for them; and the person's
 * custom-name changes, counted for the rate limit (kept apart, so that taking a profile down and
 * publishing it again does not reset the count). Implementations: SQLite and MongoDB, both pass
 * `public-profile.repository.contract.ts`.
 */
export interface PublicProfileRepository {
  ofUser(userId: number): Promise<PublishedProfileRecord | undefined>;
  bySlug(slug: string): Promise<PublishedProfileRecord | undefined>;
  /** Publishes the person's profile, or replaces it (keeping when it was first published); an address it leaves is held for the person. */
  save(profile: NewPublishedProfile): Promise<SaveProfileOutcome>;
  /** Takes the person's profile down (its address held for them from `at`); false when none was published. */
  remove(userId: number, at: string): Promise<boolean>;
  recordNameChange(userId: number, at: string): Promise<void>;
  /** How many custom-name changes the person made at or after `since`. */
  nameChangesSince(userId: number, since: string): Promise<number>;
  /** Removes the person's profile, name changes and held addresses (their account was deleted); how many rows went. */
  removeAllOf(userId: number): Promise<number>;
}
