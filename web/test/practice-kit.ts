import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '@story/testing/api-client';
import { openingQuestion, savedSnippet } from '@story/testing/browser-kit';

/** The job description's requirements the practice tests answer: two, the first one asked first. */
export const REQUIREMENTS = '- Lead cross-functional projects to on-time delivery\n- Improve operational processes with data';

/** A saved job description with one snippet of REQUIREMENTS, made through the API; the snippet's id. */
export const snippetOf = (api: ApiClient): Promise<number> => savedSnippet(api, REQUIREMENTS);

/**
 * Opens interview practice on a new snippet of REQUIREMENTS, as the practice screen's link does, and
 * starts a text conversation; the interviewer's opening question, once it is on screen, and the snippet's id.
 */
export async function startTextPractice(page: Page, api: ApiClient): Promise<{ opening: Locator; snippetId: number }> {
  const snippetId = await snippetOf(api);
  await page.goto(`/interview-practice/practice?section=${encodeURIComponent(REQUIREMENTS)}&snippetId=${snippetId}`);
  await page.getByRole('button', { name: 'Start a text conversation' }).click();
  const opening = openingQuestion(page);
  await opening.waitFor();
  return { opening, snippetId };
}
