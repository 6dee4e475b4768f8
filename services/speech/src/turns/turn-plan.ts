import { featuresOfOpening, featuresOfTurn, type OpeningRequest } from '@story/proto';
import { planFrom, requireFeature } from '@story/service-kit';
import type { VoiceSettings } from '../nats/user-settings.client.ts';

/**
 * Refuses (403, the plan's sentence) a spoken turn whose plan lacks what it needs (issue 36, 4): an
 * answer in a mock interview needs mock interviews, practice needs interview practice. Checked before
 * any audio is decoded; the service that answers the turn checks again.
 */
export function requirePlanFor(
  settings: VoiceSettings,
  turn: { context?: string | undefined; snippetId?: number | undefined; mockInterviewId?: number | undefined },
): void {
  requireFeature(planFrom(settings), ...featuresOfTurn(turn));
}

/** Refuses an opening the plan does not include before the coach is asked: a mock interview's needs mock interviews, a practice's interview practice, a story's nothing. */
export function requirePlanForOpening(settings: VoiceSettings, opening: OpeningRequest): void {
  requireFeature(planFrom(settings), ...featuresOfOpening(opening));
}
