import type { ResumeContent, ResumeRole } from '@story/proto/api/resumes';
import type { PdfPaper } from '@story/proto';
import {
  DEFAULT_PDF_LIMITS,
  documentCutNote,
  keepTogether,
  openPdf,
  pastPageLimit,
  useFont as use,
  type PdfFont,
  type PdfLimits,
  type PdfPage as Page,
} from '@story/service-kit/pdf';
import { INK, SPACE, TYPE } from './resume-pdf-layout.ts';

/** The paper a résumé is printed on (`PDF_PAPERS`). */
export type ResumePaper = PdfPaper;

const CONTACT_SEPARATOR = '  ·  ';

function heading(page: Page, title: string): void {
  const { doc } = page;
  // A heading never stands alone at the foot of a page: it keeps room for two lines after it.
  keepTogether(page, SPACE.beforeHeading + TYPE.heading + SPACE.afterHeading + 2 * TYPE.body * 1.4);
  doc.y += SPACE.beforeHeading;
  // No letter spacing: extraction would read "S K I L L S".
  use(doc, 'bold', TYPE.heading, INK.accent).text(title.toUpperCase(), page.left, doc.y, { width: page.width, lineGap: 0 });
  const ruleY = doc.y + 2;
  doc
    .moveTo(page.left, ruleY)
    .lineTo(page.left + page.width, ruleY)
    .lineWidth(0.6)
    .strokeColor(INK.rule)
    .stroke();
  doc.y = ruleY + SPACE.afterHeading;
}

function bulletHeight(page: Page, text: string): number {
  use(page.doc, 'regular', TYPE.body);
  return page.doc.heightOfString(text, { width: page.width - SPACE.bulletIndent, lineGap: SPACE.lineGap }) + 2;
}

/** A bullet with a hanging indent: the mark in the margin of the text, wrapped lines under the first word. */
function bullet(page: Page, text: string): void {
  const { doc } = page;
  keepTogether(page, bulletHeight(page, text));
  const y = doc.y;
  use(doc, 'regular', TYPE.body, INK.muted).text('•', page.left + 2, y, { lineBreak: false });
  use(doc, 'regular', TYPE.body).text(text, page.left + SPACE.bulletIndent, y, { width: page.width - SPACE.bulletIndent, lineGap: SPACE.lineGap });
  doc.y += 2;
}

/** A line with text on the left (wrapping before the right part) and a right-aligned part (dates) on its first line. */
function splitLine(page: Page, leftText: string, leftFont: PdfFont, size: number, right: string): void {
  const { doc } = page;
  use(doc, 'regular', TYPE.small, INK.muted);
  const rightWidth = right ? doc.widthOfString(right) : 0;
  const y = doc.y;
  // The left part first, so text extraction reads "title — company" before the dates.
  use(doc, leftFont, size).text(leftText, page.left, y, { width: page.width - rightWidth - (right ? 14 : 0), lineGap: 1 });
  const after = doc.y;
  if (right) use(doc, 'regular', TYPE.small, INK.muted).text(right, page.left + page.width - rightWidth, y + (size - TYPE.small) * 0.7, { lineBreak: false });
  doc.y = after;
}

function roleHeaderHeight(page: Page, role: ResumeRole): number {
  const { doc } = page;
  use(doc, 'semibold', TYPE.roleTitle);
  const title = doc.heightOfString(roleTitle(role), { width: page.width - 120 });
  return title + (role.location ? TYPE.small + 3 : 0) + SPACE.afterRoleHeader;
}

const roleTitle = (role: ResumeRole) => [role.title, role.company].filter(Boolean).join(' — ');

/** A role's title, company, dates and place; its bullets follow. */
function roleHeader(page: Page, entry: ResumeRole, first: boolean): void {
  const { doc } = page;
  if (!first) doc.y += SPACE.betweenRoles;
  // The header and its first bullet go together: a role header is never left alone at the foot of a page.
  const firstBullet = entry.bullets[0] ? bulletHeight(page, entry.bullets[0].text) : 0;
  keepTogether(page, roleHeaderHeight(page, entry) + firstBullet);
  splitLine(page, roleTitle(entry), 'semibold', TYPE.roleTitle, entry.dates);
  if (entry.location) use(doc, 'italic', TYPE.small, INK.muted).text(entry.location, page.left, doc.y, { width: page.width });
  doc.y += SPACE.afterRoleHeader;
}

function paragraph(page: Page, text: string): void {
  const { doc } = page;
  use(doc, 'regular', TYPE.body);
  keepTogether(page, Math.min(doc.heightOfString(text, { width: page.width, lineGap: SPACE.lineGap }), 3 * TYPE.body * 1.4));
  doc.text(text, page.left, doc.y, { width: page.width, lineGap: SPACE.lineGap });
}

function header(page: Page, content: ResumeContent): void {
  const { doc } = page;
  use(doc, 'bold', TYPE.name).text(content.name || 'Résumé', page.left, doc.y, { width: page.width });
  doc.y += SPACE.afterName;
  if (content.contact.length > 0) {
    use(doc, 'regular', TYPE.contact, INK.muted).text(content.contact.join(CONTACT_SEPARATOR), page.left, doc.y, { width: page.width, lineGap: 1 });
  }
  doc.y += SPACE.afterContact - SPACE.beforeHeading;
}

/**
 * The résumé's parts after its header, each drawn by one step, in order: a section's heading, a role,
 * an education entry, a line. False when it stopped at the page limit with parts left.
 */
function sectionsWithinPages(page: Page, content: ResumeContent, limits: PdfLimits): boolean {
  const { doc } = page;
  const steps: (() => void)[] = [];
  if (content.summary)
    steps.push(
      () => heading(page, 'Summary'),
      () => paragraph(page, content.summary),
    );
  if (content.roles.length > 0) {
    steps.push(() => heading(page, 'Experience'));
    content.roles.forEach((entry, index) => {
      steps.push(() => roleHeader(page, entry, index === 0));
      for (const item of entry.bullets) steps.push(() => bullet(page, item.text));
    });
  }
  if (content.education.length > 0) {
    steps.push(() => heading(page, 'Education'));
    content.education.forEach((entry, index) => {
      steps.push(() => {
        if (index > 0) doc.y += SPACE.betweenRoles - 3;
        keepTogether(page, TYPE.roleTitle * 1.4 + entry.details.length * TYPE.body * 1.4);
        splitLine(page, [entry.school, entry.degree].filter(Boolean).join(' — '), 'semibold', TYPE.roleTitle, entry.dates);
        doc.y += 2;
      });
      for (const detail of entry.details) steps.push(() => bullet(page, detail));
    });
  }
  if (content.skills.length > 0)
    steps.push(
      () => heading(page, 'Skills'),
      () => paragraph(page, content.skills.join(CONTACT_SEPARATOR)),
    );
  for (const extra of content.extraSections) {
    if (extra.lines.length === 0) continue;
    steps.push(() => heading(page, extra.heading));
    for (const line of extra.lines) steps.push(() => bullet(page, line));
  }
  for (const step of steps) {
    if (pastPageLimit(page, limits)) return false;
    step();
  }
  return true;
}

/**
 * The résumé as a PDF (A4 or Letter): name, contact line, summary, experience (title — company, dates
 * right-aligned, bullets with a hanging indent), education, skills and any other sections, in Source
 * Sans 3 embedded; its text selectable and every part of it plain text, whatever it says. Within
 * `limits`: no part starts past the last page (a résumé at the size limits would be hundreds).
 */
export function renderResumePdf(content: ResumeContent, paper: ResumePaper, limits: PdfLimits = DEFAULT_PDF_LIMITS): Promise<Buffer> {
  const { page, finish } = openPdf(paper, { title: `${content.name || 'Untitled'} — Résumé`, author: content.name, creator: 'Story résumé' });
  header(page, content);
  if (!sectionsWithinPages(page, content, limits)) documentCutNote(page, limits);
  return finish();
}
