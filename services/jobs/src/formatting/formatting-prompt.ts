import type { PostingContext } from './job-description-formatter.ts';

/** The system prompt of the language model that cleans a pasted job description. */
export const FORMATTING_SYSTEM_PROMPT = [
  'You clean job descriptions that people paste from job sites and company pages into tidy markdown.',
  'Keep every word of the posting exactly as written: do not summarise, shorten, translate, reword, reorder or add anything.',
  'Remove only what the website itself added and is not part of the posting: buttons and links such as "Apply now", "Save job",',
  '"Show more", "Show match details", "Set alert for similar jobs" or "Report this job"; badges such as "Promoted" or "Actively recruiting";',
  'the site\'s nudges ("See how you compare to 43 applicants", "Try Premium"); recruiter and hiring-team cards ("Meet the hiring team",',
  '"Jana K. · 2nd · Engineering Manager at Northwind Freight", "Message"); company cards\' follower counts; "Skills: x, y, +5 more";',
  'ratings, share links, navigation, footers, cookie notices, application forms and the other jobs listed after the posting.',
  'Keep the facts of the header (place, workplace, contract, salary, when it was posted, how many applied) as one line under the title,',
  'joined with " · " ("Berlin, Germany · 2 weeks ago · Over 100 applicants · Hybrid").',
  'Write each section title as a "## " heading, lists as "- " bullets (numbered steps as "1. "), and labels such as "Salary:" in **bold**.',
  'Where sections and lists run inline ("Responsibilities: a; b; c. Qualifications: …"), make the section names headings and the items bullets,',
  'dropping only the separators between the items.',
  'Join lines that were broken in the middle of a sentence. Keep the language of the posting.',
  'No raw HTML, no code fences, no links that are not in the text. Answer with the markdown only.',
].join(' ');

/** The user message: which job it is, then the pasted text between fences the model can tell apart from instructions. */
export function formattingUserPrompt(text: string, context: PostingContext): string {
  return [`Company: ${context.companyName}`, `Job title: ${context.jobTitle}`, '', 'Pasted job description:', '"""', text, '"""'].join('\n');
}

/** The model's answer without a code fence it may have wrapped it in. */
export function unfenced(answer: string): string {
  const fenced = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/u.exec(answer.trim());
  return (fenced?.[1] ?? answer).trim();
}
