import { describe, expect, it } from 'vitest';
import { attachmentName } from '../../../api/file-download.ts';
import { resumePdfPath } from './resumes.api.ts';

describe('the PDF download', () => {
  it('asks for the paper chosen', () => {
    expect(resumePdfPath(7, 'letter')).toBe('/api/resumes/7/pdf?paper=letter');
  });

  it('names the file as the service does, else after the paper', () => {
    expect(attachmentName('attachment; filename="Grace Hopper - resume.pdf"', 'resume.pdf')).toBe('Grace Hopper - resume.pdf');
    expect(attachmentName('attachment; filename="resume.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9.pdf', 'x.pdf')).toBe('Résumé.pdf');
    expect(attachmentName('attachment', 'resume-a4.pdf')).toBe('resume-a4.pdf');
    expect(attachmentName(null, 'resume-a4.pdf')).toBe('resume-a4.pdf');
  });
});
