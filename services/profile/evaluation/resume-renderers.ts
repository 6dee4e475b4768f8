/**
 * The layouts of the evaluation set (issue 22): each renders a `SourceResume` as HTML (printed to PDF
 * by Chromium), as a DOCX (the docx package, with real list numbering and tables) or as text.
 */
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { SourceResume, SourceRole } from './resume-sources.ts';

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const where = (role: SourceRole) => (role.location ? `${role.company}, ${role.location}` : role.company);
const skillLine = (group: { label?: string; items: string[] }, separator = ', ') => (group.label ? `${group.label}: ` : '') + group.items.join(separator);

const BASE_CSS = `
  @page { size: A4; margin: 16mm 15mm; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10pt; line-height: 1.35; color: #222; margin: 0; }
  h1 { font-size: 22pt; margin: 0 0 4px; } h2 { font-size: 11pt; letter-spacing: .06em; margin: 14px 0 6px; border-bottom: 1px solid #999; }
  ul { margin: 3px 0 8px 18px; padding: 0; } li { margin: 1px 0; } p { margin: 2px 0; }
  .row { display: flex; justify-content: space-between; gap: 12px; } .muted { color: #555; }`;

const page = (css: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${BASE_CSS}${css}</style></head><body>${body}</body></html>`;
const bullets = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${esc(item)}</li>`).join('')}</ul>`;
const extras = (resume: SourceResume, tag = 'h2') =>
  (resume.extras ?? []).map((extra) => `<${tag}>${esc(extra.heading)}</${tag}>${bullets(extra.lines)}`).join('');

/** Single column: "Title, Company — City" with the dates right-aligned on the same line. */
function classicHtml(resume: SourceResume): string {
  const roles = resume.roles
    .map(
      (role) =>
        `<div class="row"><span><b>${esc(role.title)}</b>, ${esc(role.company)}${role.location ? ` — ${esc(role.location)}` : ''}</span><span>${esc(role.dates)}</span></div>${bullets(role.bullets)}`,
    )
    .join('');
  const education = resume.education.map((entry) => `<div class="row"><span><b>${esc(entry.school)}</b> — ${esc(entry.degree)}</span><span>${esc(entry.dates)}</span></div>`).join('');
  return page(
    '',
    `<h1>${esc(resume.name)}</h1><p>${esc(resume.headline ?? '')}</p><p class="muted">${resume.contact.map(esc).join(' | ')}</p>
    <h2>SUMMARY</h2><p>${esc(resume.summary ?? '')}</p><h2>EXPERIENCE</h2>${roles}<h2>EDUCATION</h2>${education}
    <h2>TECHNICAL SKILLS</h2>${resume.skills.map((group) => `<p>${esc(skillLine(group))}</p>`).join('')}${extras(resume)}`,
  );
}

/** Two columns: a sidebar (contact, skills, education, extras) beside the main column (name, profile, experience). */
function sidebarHtml(resume: SourceResume, side: 'left' | 'right'): string {
  const sidebar = `<aside><h2>Contact</h2>${resume.contact.map((line) => `<p>${esc(line)}</p>`).join('')}
    <h2>Skills</h2>${bullets(resume.skills.flatMap((group) => group.items))}
    <h2>Education</h2>${resume.education.map((entry) => `<p><b>${esc(entry.school)}</b></p><p>${esc(entry.degree)}</p><p class="muted">${esc(entry.dates)}</p>`).join('')}
    ${extras(resume)}</aside>`;
  const roles = resume.roles
    .map((role) =>
      side === 'left'
        ? `<p class="title">${esc(role.title)}</p><p>${esc(role.company)}${role.location ? ` · ${esc(role.location)}` : ''}</p><p class="muted">${esc(role.dates)}</p>${bullets(role.bullets)}`
        : `<div class="row title"><span>${esc(role.title)}</span><span>${esc(role.dates)}</span></div><p><i>${esc(where(role))}</i></p>${bullets(role.bullets)}`,
    )
    .join('');
  const header = `<h1>${esc(resume.name)}</h1><p class="headline">${esc(resume.headline ?? '')}</p>`;
  const main = `<main>${side === 'left' ? header : ''}<h2>Profile</h2><p>${esc(resume.summary ?? '')}</p><h2>Experience</h2>${roles}</main>`;
  const css = `.grid { display: grid; grid-template-columns: ${side === 'left' ? '30% 1fr' : '1fr 29%'}; gap: 26px; }
    aside { font-size: 9pt; line-height: 1.5; } aside h2 { font-size: 9.5pt; } .title { font-weight: bold; margin-top: 8px; } .headline { font-size: 12pt; color: #555; }`;
  return page(css, `${side === 'right' ? header : ''}<div class="grid">${side === 'left' ? sidebar + main : main + sidebar}</div>`);
}

/** An academic CV: every entry a table row, dates in the left cell, the rest in the right one. */
function tableHtml(resume: SourceResume): string {
  const row = (left: string, right: string) => `<tr><td class="when">${esc(left)}</td><td>${right}</td></tr>`;
  const roles = resume.roles.map((role) => row(role.dates, `<b>${esc(role.title)}</b>, ${esc(where(role))}${bullets(role.bullets)}`)).join('');
  const education = resume.education
    .map((entry) => row(entry.dates, `<b>${esc(entry.degree)}</b>, ${esc(entry.school)}${entry.details ? bullets(entry.details) : ''}`))
    .join('');
  const css = `table { border-collapse: collapse; width: 100%; } td { vertical-align: top; padding: 2px 0; } td.when { width: 24%; }`;
  return page(
    css,
    `<h1>${esc(resume.name)}</h1><p>${esc(resume.headline ?? '')}</p><p class="muted">${resume.contact.map(esc).join(' · ')}</p>
    <h2>Research Profile</h2><p>${esc(resume.summary ?? '')}</p><h2>Academic Appointments</h2><table>${roles}</table>
    <h2>Education</h2><table>${education}</table><h2>Skills</h2>${resume.skills.map((group) => `<p>${esc(skillLine(group))}</p>`).join('')}${extras(resume)}`,
  );
}

/** Dense: "Company | Title | Dates" on one line, dash bullets as text, skills joined by bullets. */
function compactHtml(resume: SourceResume): string {
  const roles = resume.roles
    .map((role) => `<p><b>${esc(role.company)}</b> | ${esc(role.title)} | ${esc(role.dates)}</p>${role.bullets.map((bullet) => `<p class="b">– ${esc(bullet)}</p>`).join('')}`)
    .join('');
  return page(
    `.b { margin-left: 12px; } h2 { border: 0; text-transform: uppercase; }`,
    `<h1>${esc(resume.name)}</h1><p>${resume.contact.map(esc).join(' • ')}</p><h2>Professional Summary</h2><p>${esc(resume.summary ?? '')}</p>
    <h2>Professional Experience</h2>${roles}<h2>Education</h2>${resume.education.map((entry) => `<p>${esc(entry.school)} | ${esc(entry.degree)} | ${esc(entry.dates)}</p>`).join('')}
    <h2>Core Competencies</h2><p>${esc(resume.skills.flatMap((group) => group.items).join(' • '))}</p>`,
  );
}

/** Held out: title and dates on one line, "Company | City" under it, square list markers, skills as label lines. */
function blocksHtml(resume: SourceResume): string {
  const roles = resume.roles
    .map(
      (role) =>
        `<div class="row"><b>${esc(role.title)}</b><span class="muted">${esc(role.dates)}</span></div><p>${esc(role.company)} | ${esc(role.location ?? '')}</p>${bullets(role.bullets)}`,
    )
    .join('');
  return page(
    `ul { list-style: square; } h1 { text-align: center; } .center { text-align: center; } h2 { text-transform: uppercase; color: #1b4d7a; border-bottom: 2px solid #1b4d7a; }`,
    `<h1>${esc(resume.name)}</h1><p class="center">${esc(resume.headline ?? '')}</p><p class="center muted">${resume.contact.map(esc).join(' • ')}</p>
    <h2>Summary</h2><p>${esc(resume.summary ?? '')}</p><h2>Work History</h2>${roles}<h2>Skills</h2>${resume.skills.map((group) => `<p><b>${esc(group.label ?? '')}:</b> ${esc(group.items.join(', '))}</p>`).join('')}
    <h2>Education</h2>${resume.education.map((entry) => `<div class="row"><span>${esc(entry.degree)}, ${esc(entry.school)}</span><span>${esc(entry.dates)}</span></div>`).join('')}${extras(resume)}`,
  );
}

/** The HTML of a PDF layout. */
export function resumeHtml(resume: SourceResume): string {
  if (resume.layout === 'pdf-classic') return classicHtml(resume);
  if (resume.layout === 'pdf-sidebar-left') return sidebarHtml(resume, 'left');
  if (resume.layout === 'pdf-sidebar-right') return sidebarHtml(resume, 'right');
  if (resume.layout === 'pdf-table') return tableHtml(resume);
  if (resume.layout === 'pdf-compact') return compactHtml(resume);
  if (resume.layout === 'pdf-blocks') return blocksHtml(resume);
  throw new Error(`no HTML layout ${resume.layout}`);
}

const run = (text: string, options: { bold?: boolean; italics?: boolean; size?: number } = {}) => new TextRun({ text, ...options });
const para = (children: ParagraphChild[] | string, options: Partial<ConstructorParameters<typeof Paragraph>[0] & object> = {}) =>
  new Paragraph({ children: typeof children === 'string' ? [run(children)] : children, ...(options as object) });
const heading = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_1 });
const cell = (children: Paragraph[], width: number) => new TableCell({ children, width: { size: width, type: WidthType.PERCENTAGE } });

/** A DOCX layout: bullets (Word list numbering with bullets), numbered (decimal list, a skills table) or table (role headers in tables). */
export function resumeDocx(resume: SourceResume): Document {
  if (resume.layout === 'docx-plain') return plainDocx(resume);
  const list = resume.layout === 'docx-numbered' ? 'numbered' : 'bullets';
  const item = (text: string) => new Paragraph({ children: [run(text)], numbering: { reference: list, level: 0 } });
  const body: (Paragraph | Table)[] = [
    new Paragraph({ children: [run(resume.name, { bold: true, size: 40 })], heading: HeadingLevel.TITLE }),
    ...(resume.headline ? [para(resume.headline)] : []),
    para(resume.contact.join(' | ')),
    heading(resume.layout === 'docx-bullets' ? 'PROFESSIONAL SUMMARY' : 'Profile'),
    para(resume.summary ?? ''),
    heading(resume.layout === 'docx-table' ? 'Work History' : 'Professional Experience'),
  ];
  for (const role of resume.roles) {
    if (resume.layout === 'docx-bullets') {
      body.push(para([run(role.title, { bold: true })]));
      body.push(para([run(where(role)), run(`\t${role.dates}`)], { tabStops: [{ type: TabStopType.RIGHT, position: 9000 }] }));
    } else if (resume.layout === 'docx-numbered') {
      body.push(para([run(role.title, { bold: true }), run(` — ${where(role)}`)]));
      body.push(para([run(role.dates, { italics: true })]));
    } else {
      body.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [new TableRow({ children: [cell([para([run(`${role.title}, ${where(role)}`, { bold: true })])], 70), cell([para(role.dates, { alignment: AlignmentType.RIGHT })], 30)] })],
        }),
      );
    }
    body.push(...role.bullets.map(item));
  }
  body.push(heading('Education'));
  for (const entry of resume.education) {
    body.push(para([run(entry.school, { bold: true }), run(`, ${entry.degree}, ${entry.dates}`)]));
    body.push(...(entry.details ?? []).map(item));
  }
  body.push(heading(resume.layout === 'docx-bullets' ? 'Clinical Skills' : 'Skills'));
  if (resume.layout === 'docx-numbered') {
    body.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: resume.skills.map((group) => new TableRow({ children: [cell([para(`${group.label ?? 'Skills'}:`)], 25), cell([para(group.items.join(', '))], 75)] })),
      }),
    );
  } else body.push(...resume.skills.flatMap((group) => group.items).map(item));
  for (const extra of resume.extras ?? []) body.push(heading(extra.heading), ...extra.lines.map(item));
  return new Document({
    numbering: {
      config: [
        { reference: 'bullets', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT }] },
        { reference: 'numbered', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.LEFT }] },
      ],
    },
    sections: [{ children: body }],
  });
}

/** Held out: no styles, no lists: bold capitals for headings, "- " typed before each bullet, "Company – City" over "Title, Dates". */
function plainDocx(resume: SourceResume): Document {
  const bold = (text: string) => para([run(text, { bold: true })]);
  const body: Paragraph[] = [bold(resume.name), ...resume.contact.map((line) => para(line)), bold('PROFILE'), para(resume.summary ?? ''), bold('EXPERIENCE')];
  for (const role of resume.roles) body.push(bold(`${role.company} – ${role.location ?? ''}`), para(`${role.title}, ${role.dates}`), ...role.bullets.map((bullet) => para(`- ${bullet}`)));
  body.push(bold('EDUCATION'), ...resume.education.map((entry) => para(`${entry.degree} – ${entry.school} – ${entry.dates}`)));
  body.push(bold('SKILLS'), para(resume.skills.flatMap((group) => group.items).join(', ')));
  return new Document({ sections: [{ children: body }] });
}

/** Wraps `text` at `width` columns, the next lines indented by `indent`. */
function wrap(text: string, width: number, first: string, indent: string): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width && line.trim() !== first.trim()) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += (line === first || line === indent ? '' : ' ') + word;
  }
  lines.push(line.trimEnd());
  return lines;
}

/** A text layout: plain text with underlined ALL CAPS headings and hand-wrapped "*" bullets, or Markdown. */
export function resumeText(resume: SourceResume): string {
  if (resume.layout === 'md') {
    const lines = [`# ${resume.name}`, `**${resume.headline ?? ''}**`, resume.contact.join(' · '), '', '## About', resume.summary ?? '', '', '## Experience', ''];
    for (const role of resume.roles) lines.push(`### ${role.title} — ${role.company}`, `*${role.location ? `${role.location} · ` : ''}${role.dates}*`, '', ...role.bullets.map((b) => `- ${b}`), '');
    lines.push('## Education', '');
    for (const entry of resume.education) lines.push(`**${entry.school}** — ${entry.degree} (${entry.dates})`, '');
    lines.push('## Skills', '', resume.skills.flatMap((group) => group.items).join(' · '), '');
    for (const extra of resume.extras ?? []) lines.push(`## ${extra.heading}`, '', ...extra.lines.map((line) => `+ ${line}`), '');
    return lines.join('\n');
  }
  if (resume.layout === 'md-pipes') {
    const lines = [`# ${resume.name}`, '', resume.contact.join(' | '), '', '# SUMMARY', resume.summary ?? '', '', '# EXPERIENCE'];
    for (const role of resume.roles) lines.push('', `**${role.title}** | ${role.company} | ${role.location ?? ''} | ${role.dates}`, ...role.bullets.map((b) => `* ${b}`));
    lines.push('', '# EDUCATION', ...resume.education.map((entry) => `**${entry.school}**, ${entry.degree}, ${entry.dates}`), '', '# SKILLS');
    lines.push(...resume.skills.flatMap((group) => group.items).map((skill) => `* ${skill}`), '');
    for (const extra of resume.extras ?? []) lines.push(`# ${extra.heading.toUpperCase()}`, ...extra.lines, '');
    return lines.join('\n');
  }
  if (resume.layout === 'txt-european') {
    const lines = ['CURRICULUM VITAE', '', resume.name, ...resume.contact, '', 'Profile:', resume.summary ?? '', '', 'Work experience:'];
    for (const role of resume.roles) lines.push('', `${role.dates}\t${role.title}`, `\t${role.company}, ${role.location ?? ''}`, ...role.bullets.map((b) => `\t· ${b}`));
    lines.push('', 'Education:', ...resume.education.map((entry) => `${entry.dates}\t${entry.degree}, ${entry.school}`), '', 'Skills:');
    lines.push(...resume.skills.map((group) => `▪ ${group.label ?? 'Skills'}: ${group.items.join(', ')}`), '');
    return lines.join('\n');
  }
  const underline = (title: string) => [title, '='.repeat(title.length)];
  const lines = [resume.name, ...resume.contact, '', ...underline('OBJECTIVE'), resume.summary ?? '', '', ...underline('EXPERIENCE'), ''];
  for (const role of resume.roles) {
    lines.push(`${role.title}, ${where(role)}`, role.dates);
    for (const bullet of role.bullets) lines.push(...wrap(bullet, 78, '* ', '  '));
    lines.push('');
  }
  lines.push(...underline('EDUCATION'), '');
  for (const entry of resume.education) lines.push(entry.school, `${entry.degree}, ${entry.dates}`, ...(entry.details ?? []).map((detail) => `* ${detail}`), '');
  lines.push(...underline('SKILLS'), ...resume.skills.map((group) => skillLine(group)), '');
  for (const extra of resume.extras ?? []) lines.push(...underline(extra.heading.toUpperCase()), ...extra.lines.map((line) => `* ${line}`), '');
  return lines.join('\n');
}
