import { RESUME_MAX_BYTES, RESUME_MESSAGES } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { RESUME_ACCEPT, pickResumeFile, resumeFileProblem } from './resume-file.ts';

describe('resumeFileProblem', () => {
  it('lets PDF, DOCX, TXT and Markdown files of up to 5 MB through, whatever the case of their ending', () => {
    for (const name of ['cv.pdf', 'CV.PDF', 'cv.docx', 'cv.txt', 'cv.md', 'cv.markdown']) {
      expect(resumeFileProblem({ name, size: 1200 }), name).toBeNull();
    }
    expect(resumeFileProblem({ name: 'cv.pdf', size: RESUME_MAX_BYTES })).toBeNull();
  });

  it('refuses another kind of file, an empty one and one over 5 MB with the service’s messages', () => {
    expect(resumeFileProblem({ name: 'cv.doc', size: 1200 })).toBe(RESUME_MESSAGES.wrongType);
    expect(resumeFileProblem({ name: 'photo.png', size: 1200 })).toBe(RESUME_MESSAGES.wrongType);
    expect(resumeFileProblem({ name: 'pdf', size: 1200 })).toBe(RESUME_MESSAGES.wrongType);
    expect(resumeFileProblem({ name: 'cv.txt', size: 0 })).toBe(RESUME_MESSAGES.emptyFile);
    expect(resumeFileProblem({ name: 'cv.pdf', size: RESUME_MAX_BYTES + 1 })).toBe(RESUME_MESSAGES.tooLarge);
  });

  it('offers every ending in the chooser', () => {
    for (const ending of ['.pdf', '.docx', '.txt', '.md', '.markdown']) expect(RESUME_ACCEPT.split(',')).toContain(ending);
  });
});

describe('pickResumeFile', () => {
  it('takes the one file, refusing none, several or a wrong one', () => {
    const good = { name: 'cv.txt', size: 10 };
    expect(pickResumeFile([good])).toEqual({ file: good });
    expect(pickResumeFile([])).toEqual({ problem: RESUME_MESSAGES.noFile });
    expect(pickResumeFile([good, good])).toEqual({ problem: RESUME_MESSAGES.oneFile });
    expect(pickResumeFile([{ name: 'cv.exe', size: 10 }])).toEqual({ problem: RESUME_MESSAGES.wrongType });
  });
});
