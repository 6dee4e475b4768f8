import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { RESUME_MAX_BYTES, RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { DOCX_ZIP_LIMITS, checkDocxZip } from './docx-zip.guard.ts';
import { manyItemsPdf, offPageTextPdf, sharedStreamPdf, smuggledDocx, plainDocx, widePagePdf, wordyDocx } from '@story/testing/fixtures/hostile-resume-files';
import { PNG_BYTES, SHORT_RESUME, makePdf, textDocx, textPdf, zipBombDocx } from '@story/testing/fixtures/resume-files';
import { parseResumeUpload } from './resume-upload.parser.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The HttpError an upload fails with. */
async function refusal(fileName: string, bytes: Uint8Array): Promise<HttpError> {
  const error: unknown = await parseResumeUpload({ fileName, bytes }).then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError for ${fileName}, got ${String(error)}`);
  return error;
}

describe('parseResumeUpload on good files', () => {
  it('reads a PDF, a DOCX, a TXT and a Markdown file of the same résumé alike', async () => {
    const files: [string, Uint8Array][] = [
      ['cv.pdf', await textPdf(SHORT_RESUME)],
      ['cv.docx', await textDocx(SHORT_RESUME)],
      ['cv.txt', utf8(SHORT_RESUME.join('\n'))],
      ['cv.MD', utf8(SHORT_RESUME.join('\n'))],
    ];
    for (const [fileName, bytes] of files) {
      const parsed = await parseResumeUpload({ fileName, bytes });
      expect(parsed.format, fileName).toBe(fileName.split('.').pop()?.toLowerCase());
      expect(parsed.text, fileName).toContain('Staff Nurse');
      expect(parsed.content.name, fileName).toBe('Maria Lopez');
      expect(parsed.content.roles[0], fileName).toMatchObject({ title: 'Staff Nurse', company: 'St. Mary Hospital', start: '2018-03', end: null });
      expect(parsed.content.roles[0]?.bullets.map((bullet) => bullet.text)).toEqual(['Cared for 6 patients per shift on a 30-bed surgical ward.']);
      expect(parsed.content.contact.join(' '), fileName).toContain('maria.lopez@example.com');
    }
  });
});

describe('parseResumeUpload refuses bad files with the right status and message', () => {
  it('a 0-byte file (400)', async () => {
    expect(await refusal('cv.pdf', new Uint8Array())).toMatchObject({ statusCode: 400, message: RESUME_MESSAGES.emptyFile });
  });

  it('a file over 5 MB (413) and an unknown extension (415)', async () => {
    expect(await refusal('cv.txt', new Uint8Array(RESUME_MAX_BYTES + 1).fill(0x61))).toMatchObject({ statusCode: 413, message: RESUME_MESSAGES.tooLarge });
    expect(await refusal('cv.pages', utf8(SHORT_RESUME.join('\n')))).toMatchObject({ statusCode: 415, message: RESUME_MESSAGES.wrongType });
    expect(await refusal('cv', utf8(SHORT_RESUME.join('\n')))).toMatchObject({ statusCode: 415, message: RESUME_MESSAGES.wrongType });
  });

  it('content that does not match the extension: a PNG or a DOCX renamed .pdf, a PDF renamed .docx, a binary renamed .txt (415)', async () => {
    const docx = await textDocx(SHORT_RESUME);
    const pdf = await textPdf(SHORT_RESUME);
    const binary = new Uint8Array(2048).map((_, index) => (index * 37) % 256);
    for (const [fileName, bytes] of [
      ['photo.pdf', PNG_BYTES],
      ['cv.pdf', docx],
      ['cv.docx', pdf],
      ['cv.docx', PNG_BYTES],
      ['tool.txt', binary],
      ['cv.md', pdf],
    ] as const) {
      expect(await refusal(fileName, bytes), fileName).toMatchObject({ statusCode: 415, message: RESUME_MESSAGES.contentMismatch });
    }
  });

  it('a text file that is not UTF-8 (422)', async () => {
    const latin1 = new Uint8Array([...utf8('Maria Lopez, infirmi'), 0xe8, ...utf8('re dipl'), 0xf4, ...utf8('m'), 0xe9, ...utf8('e, H')]);
    expect(await refusal('cv.txt', latin1)).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.notUtf8 });
  });

  it('an encrypted PDF (422)', async () => {
    const encrypted = await textPdf(SHORT_RESUME, { userPassword: 'secret', ownerPassword: 'owner' });
    expect(await refusal('cv.pdf', encrypted)).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.encryptedPdf });
  });

  it('an image-only PDF (422)', async () => {
    const drawn = await makePdf((doc) => {
      doc.rect(50, 50, 300, 400).fill('#335577');
      doc.circle(200, 600, 40).stroke();
    });
    expect(await refusal('scan.pdf', drawn)).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.noPdfText });
  });

  it('a 100-page PDF, refused before its text is read (422)', async () => {
    const long = await makePdf((doc) => {
      for (let page = 1; page <= 100; page++) {
        if (page > 1) doc.addPage();
        for (let row = 0; row < 5; row++) doc.text(`Page ${page} line ${row}: a report that is not a résumé at all.`);
      }
    });
    const started = performance.now();
    expect(await refusal('thesis.pdf', long)).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooManyPages });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('a zip bomb DOCX (413), counted by the bytes it really inflates to', async () => {
    const bomb = zipBombDocx(30);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal('cv.docx', bomb)).toMatchObject({ statusCode: 413, message: RESUME_MESSAGES.docxTooLarge });
    // Headers that lie (declared sizes changed) are refused: the local header no longer agrees with the central directory.
    const lying = new Uint8Array(bomb);
    const view = new DataView(lying.buffer);
    for (let at = 0; at + 30 < lying.length; at++) if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 10, true);
    expect(() => checkDocxZip(lying)).toThrow(RESUME_MESSAGES.unreadableDocx);
    // Within the limits a big but honest document passes the guard.
    expect(() => checkDocxZip(zipBombDocx(1), { ...DOCX_ZIP_LIMITS, readBytes: 2 * 1024 * 1024 })).not.toThrow();
  });

  it('a corrupt DOCX and a ZIP without word/document.xml (422)', async () => {
    const docx = await textDocx(SHORT_RESUME);
    const corrupt = new Uint8Array(docx);
    corrupt.fill(0x41, 200, 1200);
    expect(await refusal('cv.docx', corrupt)).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.unreadableDocx });
    const notWord = zipSync({ 'content.xml': utf8(SHORT_RESUME.join('\n')) });
    expect(await refusal('cv.docx', notWord)).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.unreadableDocx });
  });

  it('too little text (422)', async () => {
    expect(await refusal('cv.txt', utf8('Maria\n\n\n'))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooLittleText });
    expect(await refusal('cv.md', utf8('# <script>alert("x")</script>\n1234567890 1234567890 1234567890 1234567890 12'))).toMatchObject({
      statusCode: 422,
      message: RESUME_MESSAGES.tooLittleText,
    });
  });
});

describe('parseResumeUpload refuses hostile files before they cost (issue 36)', () => {
  it('a PDF page wider than any paper (422), whatever its text; an A4 page keeps only the text on it', async () => {
    expect(await refusal('cv.pdf', widePagePdf(150_000_000))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.pageTooLarge });
    expect(await refusal('cv.pdf', widePagePdf(20_000))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.pageTooLarge });
    // Text drawn far off an A4 page is not on the page: it is not read, and the layout never sees its coordinates.
    const { text, content } = await parseResumeUpload({ fileName: 'cv.pdf', bytes: offPageTextPdf(150_000_000) });
    expect(content.name).toBe('Maria Lopez');
    expect(text).not.toContain('Side');
  });

  it('one Flate stream that every page reads, counted as each page inflates it (422)', async () => {
    expect(await refusal('cv.pdf', sharedStreamPdf(10, 12))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooComplex });
    expect(await refusal('cv.pdf', sharedStreamPdf(1, 40))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooComplex });
    // A page that reads a little drawing is a résumé like any other.
    expect((await parseResumeUpload({ fileName: 'cv.pdf', bytes: sharedStreamPdf(2, 1) })).content.name).toBe('Maria Lopez');
  });

  it('a page of a hundred thousand text items (422)', async () => {
    expect(await refusal('cv.pdf', manyItemsPdf(100_000))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooComplex });
  });

  it('far more text than a résumé, in any format (422)', async () => {
    const long = Array.from({ length: 1500 }, (_, row) => `• Line ${row}: cared for 6 patients per shift on a 30-bed surgical ward, every week.`);
    for (const [fileName, bytes] of [
      ['cv.txt', utf8([...SHORT_RESUME, ...long].join('\n'))],
      ['cv.docx', await textDocx([...SHORT_RESUME, ...long])],
    ] as const) {
      expect(await refusal(fileName, bytes), fileName).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooMuchText });
    }
  });

  it("a DOCX whose central directory points into another entry's data (422), where its honest twin is too large (413)", async () => {
    expect(await refusal('cv.docx', plainDocx(3))).toMatchObject({ statusCode: 413, message: RESUME_MESSAGES.docxTooLarge });
    expect(await refusal('cv.docx', smuggledDocx(3))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.unreadableDocx });
    expect(await refusal('cv.docx', smuggledDocx(3, { listCarrier: true }))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.unreadableDocx });
  });

  it('a DOCX of honest but huge XML, past what a résumé needs (413)', async () => {
    expect(await refusal('cv.docx', wordyDocx(20_000))).toMatchObject({ statusCode: 413, message: RESUME_MESSAGES.docxTooLarge });
    // A long résumé's document is well within the limits.
    expect((await parseResumeUpload({ fileName: 'cv.docx', bytes: wordyDocx(300) })).content.name).toBe('Maria Lopez');
  });
});

describe('parseResumeUpload makes hostile text plain', () => {
  it('strips tags, scripts, event handlers and javascript:/data:/vbscript: links in every field', async () => {
    const hostile = [
      'Maria <b>Lopez</b><script>fetch("https://evil.example")</script>',
      'maria.lopez@example.com | javascript:alert(1)',
      '<a href="javascript:alert(1)">portfolio</a>',
      'javascript:alert(1)',
      'Summary',
      'Nurse with <iframe src="data:text/html,x"></iframe>ten years on surgical wards.',
      'Experience',
      'Staff Nurse<img src=x onerror=alert(1)>, St. Mary Hospital — Mar 2018 – Present',
      '• <img src=x onerror=alert(1)>Led team',
      '• Trained 12 nurses \u0007\u202Eon the new triage vbscript:msgbox(1) protocol',
      'Skills',
      'Triage, <svg onload=alert(1)>Wound care, data:text/html;base64,PHNjcmlwdD4=',
      'Education',
      'University of Arizona, BSN, 2014 – 2018',
    ];
    for (const fileName of ['cv.txt', 'cv.docx']) {
      const bytes = fileName.endsWith('.txt') ? utf8(hostile.join('\n')) : await textDocx(hostile);
      const { content, text } = await parseResumeUpload({ fileName, bytes });
      const stored = JSON.stringify(content);
      for (const bad of ['<', '>', 'script', 'javascript:', 'vbscript:', 'data:', 'onerror', 'onload', 'alert', '\u0007', '\u202E'])
        expect(stored, `${fileName}: ${bad}`).not.toContain(bad);
      expect(text).not.toContain('<script');
      expect(content.name).toBe('Maria Lopez');
      expect(content.roles[0]?.title).toBe('Staff Nurse');
      expect(content.roles[0]?.bullets.map((bullet) => bullet.text)).toEqual(['Led team', 'Trained 12 nurses on the new triage protocol']);
      expect(content.skills).toEqual(['Triage', 'Wound care']);
      expect(content.summary).toBe('Nurse with ten years on surgical wards.');
    }
  });
});
