import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RESUME_MESSAGES } from '@story/proto';
import { failure, pdfStream, writePdf } from '@story/testing/fixtures/hostile-resume-files';
import { PDF_STREAM_LIMITS, checkInflatedReads, checkPdfStreams } from './pdf-stream.guard.ts';
import { SHORT_RESUME, textPdf } from '@story/testing/fixtures/resume-files';

const MB = 1024 * 1024;
const zeros = (bytes: number) => new Uint8Array(deflateSync(new Uint8Array(bytes), { level: 9 }));
/** A PDF of one page and the given stream objects (objects 4 on). */
const pdfWith = (...streams: Uint8Array[]) =>
  writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ...streams,
  ]);

describe('checkPdfStreams', () => {
  it('adds up what each Flate stream inflates to, once each, whatever its other filters', () => {
    expect(checkPdfStreams(pdfWith(pdfStream('/Filter /FlateDecode', zeros(1000)), pdfStream('/Filter [/FlateDecode /DCTDecode]', zeros(3000))))).toBe(4000);
    // pdfjs reads `/F` before `/Filter`, spells names with #xx escapes, and ignores what it does not decode.
    expect(checkPdfStreams(pdfWith(pdfStream('/F /Fl /Filter /DCTDecode', zeros(500)), pdfStream('/Filter /Fl#61teDecode', zeros(700))))).toBe(1200);
    expect(checkPdfStreams(pdfWith(pdfStream('/Filter /DCTDecode', zeros(5000)), pdfStream('', new Uint8Array(100))))).toBe(0);
  });

  it('refuses a bomb before pdfjs opens the file, wherever it hides (an object stream included)', () => {
    const bomb = pdfWith(pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zeros(PDF_STREAM_LIMITS.inflatedBytes + MB)));
    expect(failure(() => checkPdfStreams(bomb))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooComplex });
    // Comments and odd spacing between the keywords change nothing.
    const spaced = pdfWith(pdfStream('/Filter %note\n /FlateDecode', zeros(PDF_STREAM_LIMITS.inflatedBytes + MB)));
    expect(failure(() => checkPdfStreams(spaced))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooComplex });
  });

  it('refuses filters that expand but are not counted: LZW, run-length, Flate after another filter, a filter named through a reference', () => {
    for (const dictionary of [
      '/Filter /LZWDecode',
      '/Filter [/RL]',
      '/Filter [/ASCII85Decode /FlateDecode]',
      '/Filter 9 0 R',
      '/Filter [/FlateDecode 9 0 R]',
    ]) {
      expect(
        failure(() => checkPdfStreams(pdfWith(pdfStream(dictionary, new Uint8Array(10))))),
        dictionary,
      ).toMatchObject({
        statusCode: 422,
        message: RESUME_MESSAGES.tooComplex,
      });
    }
  });

  it('refuses an encrypted PDF, even one that opens without a password: its streams cannot be counted', async () => {
    const ownerOnly = await textPdf(SHORT_RESUME, { ownerPassword: 'owner', permissions: { copying: false } });
    expect(failure(() => checkPdfStreams(ownerOnly))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.encryptedPdf });
    expect(checkPdfStreams(await textPdf(SHORT_RESUME))).toBeGreaterThan(0);
  });
});

describe('checkInflatedReads', () => {
  it('counts every stream once per page: a stream all pages draw is inflated by each', () => {
    expect(() => checkInflatedReads(13 * MB, 3)).not.toThrow();
    expect(failure(() => checkInflatedReads(13 * MB, 4))).toMatchObject({ statusCode: 422, message: RESUME_MESSAGES.tooComplex });
  });
});
