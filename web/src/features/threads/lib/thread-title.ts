import { threadTitleSchema } from '@story/proto';

/** What leaving the inline title editor does: save a new title, or just end editing. */
export type TitleEditOutcome = { kind: 'save'; title: string } | { kind: 'discard' };

/**
 * The thread-title edit rule (spec section 4): on blur the title is saved only if its trimmed value
 * is non-empty (the shared schema: "Title cannot be empty"). An unchanged title needs no request.
 */
export function titleEditOutcome(draft: string, currentTitle: string): TitleEditOutcome {
  const parsed = threadTitleSchema.safeParse(draft);
  if (!parsed.success) return { kind: 'discard' };
  if (parsed.data === currentTitle) return { kind: 'discard' };
  return { kind: 'save', title: parsed.data };
}
