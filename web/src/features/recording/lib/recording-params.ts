/** Query parameters of /recording (spec section 2, "Practice conversation"). */
import { LIMITS, resumeBulletRefSchema, type ResumeBulletRef } from '@story/proto';

export type RecordingMode = 'new' | 'continue';
export type ConversationType = 'voice' | 'text' | 'upload';

export interface RecordingParams {
  /** 'new' unless the query says 'continue'. */
  mode: RecordingMode;
  /** A positive thread id, or null when absent or malformed. */
  threadId: number | null;
  /** The selected requirements text; empty when absent or only whitespace. */
  context: string;
  /** A positive snippet id, or 0 when absent or malformed. */
  snippetId: number;
  /** The conversation type, or null when absent or unknown. */
  type: ConversationType | null;
  /** The résumé bullet whose story is told (`resume` and `bullet`, "Tell the story behind this line"), or null. */
  resumeBullet: ResumeBulletRef | null;
  /** A requirement to tell a story for (`requirement`, a mock interview's "No story yet: tell one"), or null. */
  storyRequirement: string | null;
}

const POSITIVE_INTEGER = /^[1-9]\d{0,15}$/;

function positiveInteger(raw: string | null): number | null {
  if (raw === null) return null;
  const trimmed = raw.trim();
  if (!POSITIVE_INTEGER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

function conversationType(raw: string | null): ConversationType | null {
  return raw === 'voice' || raw === 'text' || raw === 'upload' ? raw : null;
}

/** `resume` (a positive id) and `bullet` (a part id) together, or null when either is absent or malformed. */
export function resumeBulletOf(search: URLSearchParams): ResumeBulletRef | null {
  const parsed = resumeBulletRefSchema.safeParse({ resumeId: positiveInteger(search.get('resume')), bulletId: search.get('bullet') });
  return parsed.success ? parsed.data : null;
}

/** `requirement`, trimmed, or null when absent, blank or longer than a snippet may be. */
export function storyRequirementOf(search: URLSearchParams): string | null {
  const requirement = search.get('requirement')?.trim() ?? '';
  return requirement.length > 0 && requirement.length <= LIMITS.snippetText ? requirement : null;
}

/** Reads mode, threadId, context, snippetId, type, the résumé bullet and the requirement with the spec's defaults. */
export function parseRecordingParams(search: URLSearchParams): RecordingParams {
  const context = search.get('context') ?? '';
  return {
    mode: search.get('mode') === 'continue' ? 'continue' : 'new',
    threadId: positiveInteger(search.get('threadId')),
    context: context.trim().length > 0 ? context : '',
    snippetId: positiveInteger(search.get('snippetId')) ?? 0,
    type: conversationType(search.get('type')),
    resumeBullet: resumeBulletOf(search),
    storyRequirement: storyRequirementOf(search),
  };
}

/**
 * The saved message to open a thread at (`message`, a positive id: a search result's link), or null.
 * Apart from RecordingParams: it says where to look, not what the conversation is.
 */
export function focusedMessageOf(search: URLSearchParams): string | null {
  const id = positiveInteger(search.get('message'));
  return id === null ? null : String(id);
}

/** Which panel the screen shows; `waiting`: none yet, while a thread to continue is read (nothing may start recording before the choice). */
export type RecordingPanel = 'voice' | 'text' | 'upload' | 'choose' | 'waiting';

/**
 * type=text and type=upload show their panels; type=voice, or no type with mode new, is the voice
 * recorder; continuing without a type offers "Continue with Voice" and "Continue with Text" when
 * there is saved history to continue, and otherwise starts the conversation as a new one would. While
 * the history is still being read, neither: the recorder must not start by itself on a thread whose
 * person is about to be asked how to continue.
 */
export function recordingPanel(params: Pick<RecordingParams, 'mode' | 'type'>, hasHistory = true, loadingHistory = false): RecordingPanel {
  if (params.type) return params.type;
  if (params.mode !== 'continue') return 'voice';
  if (loadingHistory) return 'waiting';
  return hasHistory ? 'choose' : 'voice';
}

/** Where a saved conversation lives: a thread, or the practice conversation of a snippet. */
export type SavedConversation = { threadId: string } | { snippetId: number };

/**
 * The continue URL's query of a conversation just saved for the first time: mode=continue with its
 * thread (a snippet conversation keeps its snippetId), the type in use so a reload returns to the
 * same panel, and the context kept.
 */
export function continueSearch(current: URLSearchParams, saved: SavedConversation, panel: Exclude<RecordingPanel, 'choose'>): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set('mode', 'continue');
  if ('threadId' in saved) next.set('threadId', saved.threadId);
  else next.set('snippetId', String(saved.snippetId));
  next.set('type', panel);
  return next;
}
