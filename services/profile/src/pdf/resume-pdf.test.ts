import { afterAll, describe, expect, it } from 'vitest';
import { RESUME_LIMITS, pdfDocumentCutNote } from '@story/proto';
import type { ResumeContent } from '@story/proto/api/resumes';
import { DEFAULT_PDF_LIMITS } from '@story/service-kit/pdf';
import { flatText as flat, pdfReader } from '@story/service-kit/pdf/pdf-reader.testing';
import { renderResumePdf, type ResumePaper } from './resume-pdf.ts';
import { LONG_RESUME, SHORT_RESUME } from '@story/testing/fixtures/resume-pdf';

// Reads the PDFs back with poppler-utils (pdftotext, pdfinfo, pdffonts, pdftoppm), as a person's viewer would.
const reader = pdfReader('resume-pdf');
afterAll(() => reader.close());

const written = async (content: ResumeContent, paper: ResumePaper): Promise<string> => reader.file(await renderResumePdf(content, paper));
/** The text as laid out on the page (`-layout`: a line of the page is a line of text, so dates stay beside their title). */
const textOf = (file: string, page?: number) => reader.text(file, page);
const info = (file: string) => reader.info(file);
const pages = (file: string) => reader.pages(file);

describe('renderResumePdf', () => {
  it('writes every part of the résumé as selectable text, in order', async () => {
    const file = await written(SHORT_RESUME, 'a4');
    const laidOut = textOf(file);
    // Dates stand on the line of their role, to its right.
    for (const role of SHORT_RESUME.roles) {
      expect(laidOut.split('\n').find((line) => line.includes(role.title))).toMatch(new RegExp(`${role.company}\\s{10,}${role.dates}\\s*$`));
    }
    const text = flat(laidOut);
    const parts = [
      SHORT_RESUME.name,
      ...SHORT_RESUME.contact,
      SHORT_RESUME.summary,
      ...SHORT_RESUME.roles.flatMap((role) => [role.title, role.company, role.dates, ...role.bullets.map((bullet) => bullet.text)]),
      ...SHORT_RESUME.education.flatMap((entry) => [entry.school, entry.degree, entry.dates, ...entry.details]),
      ...SHORT_RESUME.skills,
      ...SHORT_RESUME.extraSections.flatMap((section) => [section.heading.toUpperCase(), ...section.lines]),
    ];
    let from = 0;
    for (const part of parts) {
      const at = text.indexOf(flat(part), from);
      expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(0);
      from = at;
    }
    // No ligature glyphs: "first" copies out as "first", not "ﬁrst".
    expect(text).not.toMatch(/[\uFB00-\uFB06]/);
    // Markup in the content is text like any other.
    expect(text).toContain('<script>alert("hi")</script> & other “quoted” text stays plain');
  });

  it('keeps numbers, decimals, money and units exactly as written, wherever a line wraps (issue 38, 7)', async () => {
    const said = 'Resolved database issues; the report that used to take 45 seconds came back in 1.8 seconds, saving $1.2M and 3.5% of compute.';
    const content = structuredClone(SHORT_RESUME);
    const role = content.roles[0];
    if (!role) throw new Error('fixture');
    role.bullets = [{ id: 'b-decimals', text: said }, ...role.bullets];
    const text = flat(textOf(await written(content, 'a4')));
    for (const figure of ['45 seconds', '1.8 seconds', '$1.2M', '3.5%']) expect(text).toContain(figure);
    expect(text).not.toMatch(/\d\. \d/);
  });

  it('embeds Source Sans 3 (regular, semibold, bold, italic) and sets the title', async () => {
    const file = await written(SHORT_RESUME, 'letter');
    const fonts = reader.fonts(file);
    for (const face of ['SourceSans3-Regular', 'SourceSans3-SemiBold', 'SourceSans3-Bold', 'SourceSans3-Italic']) {
      expect(fonts).toMatch(new RegExp(`\\+${face}\\s+CID TrueType\\s+Identity-H\\s+yes\\s+yes\\s+yes`));
    }
    expect(info(file)['Title']).toBe('Amara Okafor — Résumé');
  });

  it('prints on A4 (595×842 pt) and Letter (612×792 pt)', async () => {
    expect(info(await written(SHORT_RESUME, 'a4'))['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts/);
    expect(info(await written(SHORT_RESUME, 'letter'))['Page size']).toMatch(/^612 x 792 pts/);
  });

  it('fits a short résumé on one page and a long one on two, with every bullet', async () => {
    expect(pages(await written(SHORT_RESUME, 'a4'))).toBe(1);
    for (const paper of ['a4', 'letter'] as const) {
      const file = await written(LONG_RESUME, paper);
      expect(pages(file), paper).toBe(2);
      const text = flat(textOf(file));
      for (const bullet of LONG_RESUME.roles.flatMap((role) => role.bullets)) expect(text).toContain(bullet.text);
    }
  });

  it('never leaves a role header alone at the foot of a page', async () => {
    // Summaries of growing length push each role header through every position on the page.
    let checked = 0;
    for (let extra = 0; extra < 10; extra++) {
      const content = { ...LONG_RESUME, summary: `${LONG_RESUME.summary} ${'I write things down so others can pick them up. '.repeat(extra)}` };
      const file = await written(content, 'letter');
      const pageTexts = Array.from({ length: pages(file) }, (_unused, index) => flat(textOf(file, index + 1)));
      for (const role of content.roles) {
        const header = pageTexts.findIndex((text) => text.includes(`${role.title} — ${role.company}`));
        const firstBullet = pageTexts.findIndex((text) => text.includes(role.bullets[0]?.text.slice(0, 40) ?? ''));
        expect(header, `${role.title} with ${extra} extra sentences`).toBe(firstBullet);
        checked++;
      }
    }
    expect(checked).toBe(10 * LONG_RESUME.roles.length);
  });

  it('renders an empty résumé and unbroken long text without losing either', async () => {
    const empty = await written({ name: '', contact: [], summary: '', roles: [], education: [], skills: [], extraSections: [] }, 'a4');
    expect(pages(empty)).toBe(1);
    expect(info(empty)['Title']).toBe('Untitled — Résumé');
    const link = `https://example.com/${'a'.repeat(250)}`;
    const role = SHORT_RESUME.roles[0];
    if (!role) throw new Error('fixture');
    const long = await written({ ...SHORT_RESUME, contact: [link], roles: [{ ...role, bullets: [{ id: 'b-link', text: link }] }] }, 'letter');
    expect(pages(long)).toBe(1);
    expect(textOf(long).replace(/\s+/g, '')).toContain(link);
  });

  it('starts nothing past its last page: a résumé at the size limits ends with a note instead', async () => {
    const role = LONG_RESUME.roles[0];
    if (!role) throw new Error('fixture');
    // Forty roles of forty 1,000-character bullets would be hundreds of pages; two are allowed here.
    const bullet = (index: number) => ({
      id: `b-${index}`,
      text: `Bullet ${index}: ${'I led the change and wrote down what we learnt. '.repeat(20)}`.slice(0, RESUME_LIMITS.bullet),
    });
    const roles = Array.from({ length: RESUME_LIMITS.roles }, (_unused, index) => ({
      ...role,
      id: `r-${index}`,
      title: `Role ${index}`,
      bullets: Array.from({ length: RESUME_LIMITS.bulletsPerRole }, (_bullet, at) => bullet(index * 100 + at)),
    }));
    const file = reader.file(await renderResumePdf({ ...LONG_RESUME, roles }, 'a4', { ...DEFAULT_PDF_LIMITS, pages: 2 }));
    expect(pages(file)).toBeLessThanOrEqual(3);
    const text = flat(textOf(file));
    expect(text).toContain('Role 0');
    expect(text).not.toContain(`Role ${RESUME_LIMITS.roles - 1}`);
    expect(text).toContain(flat(pdfDocumentCutNote(2)));
  });

  it('renders each page to an image (pdftoppm), none of them blank', async () => {
    const file = await written(LONG_RESUME, 'a4');
    expect(reader.pictures(file, 'page')).toHaveLength(2);
  });
});
