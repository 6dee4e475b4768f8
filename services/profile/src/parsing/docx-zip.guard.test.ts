import { describe, expect, it } from 'vitest';
import { RESUME_MESSAGES } from '@story/proto';
import { extractDocxLines } from './docx-text.extractor.ts';
import { DOCX_ZIP_LIMITS, checkDocxZip } from './docx-zip.guard.ts';
import {
  failure,
  documentXml,
  plainDocx,
  smuggledDocx,
  writeZip,
  zipCentralRecord,
  zipEnd,
  zipEntry,
  zipLocalPart,
  type ZipEntryBytes,
} from '@story/testing/fixtures/hostile-resume-files';
import { SHORT_RESUME, textDocx } from '@story/testing/fixtures/resume-files';

const concat = (parts: readonly Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const unreadable = { statusCode: 422, message: RESUME_MESSAGES.unreadableDocx };
const tooLarge = { statusCode: 413, message: RESUME_MESSAGES.docxTooLarge };

/** An entry written with a data descriptor (flag bit 3): zeros in the local header, the sizes after the data. */
function describedLocalPart(entry: ZipEntryBytes): Uint8Array {
  const local = Buffer.from(zipLocalPart(entry));
  local.writeUInt16LE(0x0808, 6);
  local.fill(0, 14, 26);
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.data.length, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return concat([local, descriptor]);
}

/** A central directory record of an entry written with a data descriptor. */
function describedRecord(entry: ZipEntryBytes, offset: number): Uint8Array {
  const record = Buffer.from(zipCentralRecord(entry, offset));
  record.writeUInt16LE(0x0808, 8);
  return record;
}

describe('checkDocxZip', () => {
  it('opens a DOCX as written by Word-like tools, and gives mammoth its parts', async () => {
    const parts = checkDocxZip(await textDocx(SHORT_RESUME));
    expect(parts.exists('word/document.xml')).toBe(true);
    expect(parts.exists('word/missing.xml')).toBe(false);
    expect(await parts.read('word/document.xml', 'utf-8')).toContain('Maria Lopez');
  });

  it('opens entries written with data descriptors (sizes after the data, as streaming writers do)', async () => {
    const document = zipEntry('word/document.xml', documentXml(SHORT_RESUME));
    const types = zipEntry('[Content_Types].xml', '<Types/>');
    const first = describedLocalPart(document);
    const second = describedLocalPart(types);
    const directory = concat([describedRecord(document, 0), describedRecord(types, first.length)]);
    const zip = concat([first, second, directory, zipEnd(2, directory.length, first.length + second.length)]);
    expect(await checkDocxZip(zip).read('word/document.xml', 'utf-8')).toContain('Staff Nurse');
  });

  it("refuses a central directory that points into another entry's data, listed or not (the smuggled document)", () => {
    expect(failure(() => checkDocxZip(smuggledDocx(1)))).toMatchObject(unreadable);
    expect(failure(() => checkDocxZip(smuggledDocx(1, { listCarrier: true })))).toMatchObject(unreadable);
  });

  it('refuses archives whose two views disagree: bytes before or after the entries, a local header unlike its record, a name twice', () => {
    const honest = plainDocx();
    const document = zipEntry('word/document.xml', documentXml(SHORT_RESUME));
    const renamed = Buffer.from(zipLocalPart(document));
    renamed.write('x', 30);
    const directory = zipCentralRecord(document, 0);
    const twice = writeZip([document, zipEntry('word/document.xml', documentXml(['Someone Else']))]);
    for (const [label, bytes] of [
      ['prefixed', concat([new Uint8Array(64), honest])],
      ['trailing', concat([honest, new Uint8Array(16)])],
      ['renamed', concat([renamed, directory, zipEnd(1, directory.length, renamed.length)])],
      ['twice', twice],
    ] as const) {
      expect(
        failure(() => checkDocxZip(bytes)),
        label,
      ).toMatchObject(unreadable);
    }
  });

  it('counts what entries really inflate to, within the limits, and what mammoth reads each time it reads', async () => {
    expect(failure(() => checkDocxZip(plainDocx(1), { ...DOCX_ZIP_LIMITS, totalBytes: 512 * 1024, readBytes: 4 * 1024 * 1024 }))).toMatchObject(tooLarge);
    expect(() => checkDocxZip(plainDocx(1), { ...DOCX_ZIP_LIMITS, readBytes: 4 * 1024 * 1024 })).not.toThrow();
    // A document larger than mammoth may read is refused before anything is inflated.
    expect(failure(() => checkDocxZip(plainDocx(2)))).toMatchObject(tooLarge);
    // Relationships can name the document as its own styles, numbering, notes and comments: mammoth then reads it six times.
    const rels = [
      ['officeDocument', 'word/document.xml'],
      ...['styles', 'numbering', 'footnotes', 'endnotes', 'comments'].map((kind) => [kind, 'document.xml']),
    ];
    const relationship = ([kind, target]: string[]) =>
      `<Relationship Id="r${kind}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${kind}" Target="${target}"/>`;
    const relsXml = (list: string[][]) =>
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list.map(relationship).join('')}</Relationships>`;
    const looping = writeZip([
      zipEntry('_rels/.rels', relsXml(rels.slice(0, 1))),
      zipEntry('word/_rels/document.xml.rels', relsXml(rels.slice(1))),
      zipEntry('word/document.xml', documentXml(SHORT_RESUME, 400 * 1024)),
    ]);
    await expect(extractDocxLines(looping)).rejects.toMatchObject(tooLarge);
  });
});
