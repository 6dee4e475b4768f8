/**
 * Writes the evaluation set (issue 22) into `resumes/`: each source résumé in its layout (PDFs printed
 * from HTML by headless Chromium, DOCX by the docx package, TXT and Markdown as text) and its
 * `<id>.expected.json`. Run it again after changing a source:
 *
 *   node --import tsx services/profile/evaluation/make-resumes.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Packer } from 'docx';
import { launchChromium } from '@story/testing/chromium';
import { resumeDocx, resumeHtml, resumeText } from './resume-renderers.ts';
import { HELD_OUT_RESUMES } from './resume-sources.held-out.ts';
import { TUNING_RESUMES, type SourceResume } from './resume-sources.ts';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'resumes');

/** What the evaluation compares a parse with. */
function expected(resume: SourceResume, heldOut: boolean) {
  return {
    heldOut,
    layout: resume.layout,
    name: resume.name,
    contact: resume.contact,
    roles: resume.roles.map(({ title, company, start, end, bullets }) => ({ title, company, start, end, bullets })),
    skillsCount: resume.skills.reduce((count, group) => count + group.items.length, 0),
    educationSchools: resume.education.map((entry) => entry.school),
  };
}

const extensionOf = (layout: string) => (layout.startsWith('pdf') ? 'pdf' : layout.startsWith('docx') ? 'docx' : layout.startsWith('md') ? 'md' : 'txt');

mkdirSync(OUT, { recursive: true });
const browser = await launchChromium();
try {
  const all = [...TUNING_RESUMES.map((resume) => ({ resume, heldOut: false })), ...HELD_OUT_RESUMES.map((resume) => ({ resume, heldOut: true }))];
  for (const { resume, heldOut } of all) {
    const extension = extensionOf(resume.layout);
    const file = join(OUT, `${resume.id}.${extension}`);
    if (extension === 'pdf') {
      const tab = await browser.newPage();
      await tab.setContent(resumeHtml(resume), { waitUntil: 'load' });
      writeFileSync(file, await tab.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }));
      await tab.close();
    } else if (extension === 'docx') writeFileSync(file, await Packer.toBuffer(resumeDocx(resume)));
    else writeFileSync(file, resumeText(resume));
    writeFileSync(join(OUT, `${resume.id}.expected.json`), `${JSON.stringify(expected(resume, heldOut), null, 2)}\n`);
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
