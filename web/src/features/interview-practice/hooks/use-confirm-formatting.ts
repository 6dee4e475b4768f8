import { JOB_MESSAGES, confirmJobDescriptionRequestSchema } from '@story/proto';
import { notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import { useConfirmJobDescription } from '../api/job-descriptions.api.ts';
import type { ReviewParams } from '../lib/interview-links.ts';
import { refusalOr } from '../lib/refusal.ts';

/** The first problem a schema finds, as the specification words it. */
export const firstProblem = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * "Confirm Formatting" on the review screen: saves the description's formatting (the description,
 * when it is new) and resolves to its id, or to null after saying what went wrong (`complain` for a
 * problem of the input, a toast for the server's refusal).
 */
export function useConfirmFormatting(
  params: ReviewParams,
  content: string,
  originalContent: string | undefined,
  complain: (problem: string) => void,
): () => Promise<number | null> {
  const confirmJobDescription = useConfirmJobDescription();
  return async () => {
    const input = {
      formattedContent: content,
      jobTitle: params.jobTitle,
      companyName: params.companyName,
      ...(originalContent ? { originalContent } : {}),
      ...(params.id > 0 ? { id: params.id } : {}),
    };
    const problem = firstProblem(confirmJobDescriptionRequestSchema.safeParse(input));
    if (problem) {
      complain(problem);
      return null;
    }
    try {
      const id = await confirmJobDescription(input);
      notifySuccess(JOB_MESSAGES.formattingSaved);
      return id;
    } catch (error) {
      notifyFailure(refusalOr(error, JOB_MESSAGES.saveFormattedFailed), error);
      return null;
    }
  };
}
