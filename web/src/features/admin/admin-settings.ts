/** Pure rules of the admin dashboard's settings rows (spec sections 5 and 9). */
import { monthlyMinutesSchema, responseTypeFor, type PlanFeature, type ResponseType } from '@story/proto';
import type { UpdateUserTypeSettingVariables, UserTypeSettingRow } from './api/admin.graphql.ts';

export const DEFAULT_TIME_LIMIT_MINUTES = 5;
export const TIME_LIMIT_STEP_MINUTES = 0.5;

/**
 * The seconds sent for a minutes input: empty means 5 minutes, negatives become 0, minutes × 60,
 * rounded to whole seconds (the API's timeLimit is an integer).
 */
export function minutesToSeconds(input: string): number {
  const trimmed = input.trim();
  const minutes = trimmed === '' ? DEFAULT_TIME_LIMIT_MINUTES : Number(trimmed);
  if (!Number.isFinite(minutes)) return DEFAULT_TIME_LIMIT_MINUTES * 60;
  return Math.round(Math.max(0, minutes) * 60);
}

/** A stored limit in seconds as the minutes shown in the input ("5", "2.5", "1.67"). */
export function secondsToMinutesInput(seconds: number): string {
  return String(Number((seconds / 60).toFixed(2)));
}

export const RESPONSE_TYPE_OPTIONS: readonly { value: ResponseType; label: string }[] = [
  { value: 'text', label: 'Text Only' },
  { value: 'text_and_voice', label: 'Text + Voice' },
];

/** The select's value: the stored type, or text when there is none. */
export function responseTypeOrDefault(value: string | null | undefined): ResponseType {
  return value === 'text_and_voice' ? 'text_and_voice' : 'text';
}

/** "standard" → "Standard" (user types are shown capitalised). */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** What is wrong with typed monthly minutes, in the server's words (negative, huge, not a number, off the 0.5 step); undefined when fine. */
export function monthlyMinutesProblem(input: string): string | undefined {
  const trimmed = input.trim();
  const parsed = monthlyMinutesSchema.safeParse(trimmed === '' ? Number.NaN : Number(trimmed));
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The rows being saved, without `key` once its save is over (a state update: a new map, the old one untouched). */
export function withoutKey<K, V>(saving: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  const next = new Map(saving);
  next.delete(key);
  return next;
}

/**
 * The change a checkbox of the plan table saves: that feature alone, with the row's other settings as
 * they are. AI voice replies is the reply type (issue 39, 4): its checkbox sets the reply type too.
 */
export function featureChange(row: UserTypeSettingRow, feature: PlanFeature, included: boolean): UpdateUserTypeSettingVariables {
  const responseType = feature === 'voiceReplies' ? responseTypeFor(included) : row.responseType;
  return { userType: row.userType, timeLimit: row.timeLimit, responseType, features: { [feature]: included } };
}
