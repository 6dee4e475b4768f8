import PDFDocument from 'pdfkit';
import type { ResumeContent, ResumeRole } from '@story/proto/api/resumes';
import { resumeFontSources } from './resume-pdf-fonts.ts';
import { INK, PAPERS, SPACE, TYPE, type ResumeFont } from './resume-pdf-layout.ts';

/** The paper a résumé is printed on (`RESUME_PAPERS`). */
export type ResumePaper = 'a4' | 'letter';

type Doc = PDFKit.PDFDocument;

/** A writer over one document: the text column's left edge and width, and the page's bottom. */
interface Page {
  doc: Doc;
  left: number;
  width: number;
  bottom: number;
}

const CONTACT_SEPARATOR = '  ·  ';

/**
 * Ligatures off: with them "fi" becomes one glyph that copies out as "ﬁ", and an applicant tracking
 * system reading "ﬁrst" misses "first". PDFKit's types list features to turn on; fontkit, under it,
 * also takes the object form that turns them off.
 */
const NO_LIGATURES = { liga: false, clig: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];
/** Options every text call and measure shares. */
const plain = (options: PDFKit.Mixins.TextOptions = {}): PDFKit.Mixins.TextOptions => ({ ...options, features: NO_LIGATURES });

function use(doc: Doc, font: ResumeFont, size: number, color: string = INK.text): Doc {
  return doc.font(font).fontSize(size).fillColor(color);
}

/** Starts a new page when `height` more points would not fit on this one. */
function keepTogether(page: Page, height: number): void {
  if (page.doc.y + height > page.bottom) page.doc.addPage();
}

function heading(page: Page, title: string): void {
  const { doc } = page;
  // A heading never stands alone at the foot of a page: it keeps room for two lines after it.
  keepTogether(page, SPACE.beforeHeading + TYPE.heading + SPACE.afterHeading + 2 * TYPE.body * 1.4);
  doc.y += SPACE.beforeHeading;
  // No letter spacing: extraction would read "S K I L L S".
  use(doc, 'bold', TYPE.heading, INK.accent).text(title.toUpperCase(), page.left, doc.y, plain({ width: page.width, lineGap: 0 }));
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
  return page.doc.heightOfString(text, plain({ width: page.width - SPACE.bulletIndent, lineGap: SPACE.lineGap })) + 2;
}

/** A bullet with a hanging indent: the mark in the margin of the text, wrapped lines under the first word. */
function bullet(page: Page, text: string): void {
  const { doc } = page;
  keepTogether(page, bulletHeight(page, text));
  const y = doc.y;
  use(doc, 'regular', TYPE.body, INK.muted).text('•', page.left + 2, y, plain({ lineBreak: false }));
  use(doc, 'regular', TYPE.body).text(text, page.left + SPACE.bulletIndent, y, plain({ width: page.width - SPACE.bulletIndent, lineGap: SPACE.lineGap }));
  doc.y += 2;
}

/** A line with text on the left (wrapping before the right part) and a right-aligned part (dates) on its first line. */
function splitLine(page: Page, leftText: string, leftFont: ResumeFont, size: number, right: string): void {
  const { doc } = page;
  use(doc, 'regular', TYPE.small, INK.muted);
  const rightWidth = right ? doc.widthOfString(right, plain()) : 0;
  const y = doc.y;
  // The left part first, so text extraction reads "title — company" before the dates.
  use(doc, leftFont, size).text(leftText, page.left, y, plain({ width: page.width - rightWidth - (right ? 14 : 0), lineGap: 1 }));
  const after = doc.y;
  if (right)
    use(doc, 'regular', TYPE.small, INK.muted).text(right, page.left + page.width - rightWidth, y + (size - TYPE.small) * 0.7, plain({ lineBreak: false }));
  doc.y = after;
}

function roleHeaderHeight(page: Page, role: ResumeRole): number {
  const { doc } = page;
  use(doc, 'semibold', TYPE.roleTitle);
  const title = doc.heightOfString(roleTitle(role), plain({ width: page.width - 120 }));
  return title + (role.location ? TYPE.small + 3 : 0) + SPACE.afterRoleHeader;
}

const roleTitle = (role: ResumeRole) => [role.title, role.company].filter(Boolean).join(' — ');

function role(page: Page, entry: ResumeRole, first: boolean): void {
  const { doc } = page;
  if (!first) doc.y += SPACE.betweenRoles;
  // The header and its first bullet go together: a role header is never left alone at the foot of a page.
  const firstBullet = entry.bullets[0] ? bulletHeight(page, entry.bullets[0].text) : 0;
  keepTogether(page, roleHeaderHeight(page, entry) + firstBullet);
  splitLine(page, roleTitle(entry), 'semibold', TYPE.roleTitle, entry.dates);
  if (entry.location) use(doc, 'italic', TYPE.small, INK.muted).text(entry.location, page.left, doc.y, plain({ width: page.width }));
  doc.y += SPACE.afterRoleHeader;
  for (const item of entry.bullets) bullet(page, item.text);
}

function paragraph(page: Page, text: string): void {
  const { doc } = page;
  use(doc, 'regular', TYPE.body);
  keepTogether(page, Math.min(doc.heightOfString(text, plain({ width: page.width, lineGap: SPACE.lineGap })), 3 * TYPE.body * 1.4));
  doc.text(text, page.left, doc.y, plain({ width: page.width, lineGap: SPACE.lineGap }));
}

function header(page: Page, content: ResumeContent): void {
  const { doc } = page;
  use(doc, 'bold', TYPE.name).text(content.name || 'Résumé', page.left, doc.y, plain({ width: page.width }));
  doc.y += SPACE.afterName;
  if (content.contact.length > 0) {
    use(doc, 'regular', TYPE.contact, INK.muted).text(content.contact.join(CONTACT_SEPARATOR), page.left, doc.y, plain({ width: page.width, lineGap: 1 }));
  }
  doc.y += SPACE.afterContact - SPACE.beforeHeading;
}

function sections(page: Page, content: ResumeContent): void {
  const { doc } = page;
  if (content.summary) {
    heading(page, 'Summary');
    paragraph(page, content.summary);
  }
  if (content.roles.length > 0) {
    heading(page, 'Experience');
    content.roles.forEach((entry, index) => role(page, entry, index === 0));
  }
  if (content.education.length > 0) {
    heading(page, 'Education');
    content.education.forEach((entry, index) => {
      if (index > 0) doc.y += SPACE.betweenRoles - 3;
      keepTogether(page, TYPE.roleTitle * 1.4 + entry.details.length * TYPE.body * 1.4);
      splitLine(page, [entry.school, entry.degree].filter(Boolean).join(' — '), 'semibold', TYPE.roleTitle, entry.dates);
      doc.y += 2;
      for (const detail of entry.details) bullet(page, detail);
    });
  }
  if (content.skills.length > 0) {
    heading(page, 'Skills');
    paragraph(page, content.skills.join(CONTACT_SEPARATOR));
  }
  for (const extra of content.extraSections) {
    if (extra.lines.length === 0) continue;
    heading(page, extra.heading);
    for (const line of extra.lines) bullet(page, line);
  }
}

/**
 * The résumé as a PDF (A4 or Letter): name, contact line, summary, experience (title — company, dates
 * right-aligned, bullets with a hanging indent), education, skills and any other sections, in Source
 * Sans 3 embedded; its text selectable and every part of it plain text, whatever it says.
 */
export function renderResumePdf(content: ResumeContent, paper: ResumePaper): Promise<Buffer> {
  const { size, margin } = PAPERS[paper];
  const doc = new PDFDocument({
    size,
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    info: { Title: `${content.name || 'Untitled'} — Résumé`, Author: content.name, Creator: 'Story résumé', Producer: 'Story résumé (PDFKit)' },
    bufferPages: false,
    autoFirstPage: true,
    pdfVersion: '1.7',
    lang: 'en',
    displayTitle: true,
  });
  for (const [name, source] of resumeFontSources()) doc.registerFont(name, source);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const page: Page = { doc, left: margin, width: size[0] - 2 * margin, bottom: size[1] - margin };
  header(page, content);
  sections(page, content);
  doc.end();
  return done;
}
