import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The fonts every PDF of ours embeds: Source Sans 3 (from `@expo-google-fonts/source-sans-3`), parsed
 * once per process. PDFKit parses a font file anew for every document, and the first layout of Source
 * Sans 3 reads its OpenType tables: about 60 ms a face. PDFKit also embeds an already parsed (fontkit)
 * font, which keeps those tables; each document still makes its own subset. The parsed font is taken
 * from a probe document; were PDFKit to stop exposing it there, the file path stands in (slower, same output).
 */

const require = createRequire(import.meta.url);
const fontFile = (weight: string) => require.resolve(`@expo-google-fonts/source-sans-3/${weight}/SourceSans3_${weight}.ttf`);

/** The font files, by the name documents register them under. */
export const PDF_FONTS = {
  regular: fontFile('400Regular'),
  italic: fontFile('400Regular_Italic'),
  semibold: fontFile('600SemiBold'),
  bold: fontFile('700Bold'),
} as const;
export type PdfFont = keyof typeof PDF_FONTS;

let sources: ReadonlyMap<PdfFont, PDFKit.Mixins.PDFFontSource> | undefined;

/** True for what PDFKit embeds as a parsed font: an object with fontkit's `layout`. */
function isParsedFont(font: unknown): boolean {
  return typeof font === 'object' && font !== null && 'layout' in font && typeof font.layout === 'function';
}

function parsedFont(probe: PDFKit.PDFDocument, file: string): PDFKit.Mixins.PDFFontSource {
  probe.font(file);
  // PDFKit keeps the current font's parsed fontkit font at `_font.font` (not part of its types).
  const current: unknown = Reflect.get(probe, '_font');
  const font: unknown = typeof current === 'object' && current !== null ? Reflect.get(current, 'font') : undefined;
  // PDFKit's types list files and bytes as sources; its `PDFFontFactory.open` also takes a parsed font.
  return isParsedFont(font) ? (font as PDFKit.Mixins.PDFFontSource) : file;
}

/** Each face's source to register: its parsed font, kept for the life of the process. */
export function pdfFontSources(): ReadonlyMap<PdfFont, PDFKit.Mixins.PDFFontSource> {
  if (sources) return sources;
  const probe = new PDFDocument({ autoFirstPage: false });
  const names = Object.keys(PDF_FONTS) as PdfFont[];
  sources = new Map(names.map((name) => [name, parsedFont(probe, PDF_FONTS[name])]));
  return sources;
}
