import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The fonts every PDF of ours embeds: Source Sans 3 (from `@expo-google-fonts/source-sans-3`), parsed
 * once per process. PDFKit parses a font file anew for every document, and the first layout of Source
 * Sans 3 reads its OpenType tables: about 60 ms a face. PDFKit also embeds an already parsed (fontkit)
 * font, which keeps those tables; each document still makes its own subset. The parsed font is taken
 * from a probe document.
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

/**
 * Ligatures off: with them "fi" becomes one glyph that copies out as "ﬁ", and a reader searching for
 * "first" misses "ﬁrst". They are turned off in the font's own layout rather than in each text call:
 * PDFKit keeps a document's laid-out words in a cache only for calls that name no features, and
 * shaping every word anew (Source Sans 3 has many OpenType lookups) made a 200-message conversation
 * take 2 s instead of a fraction of one.
 */
const NO_LIGATURES = { liga: false, clig: false };

/** The parsed font, its `layout` defaulting to no ligatures; everything else (tables, glyphs, subsets) is the font's own. */
function withoutLigatures(font: object & { layout: (...args: unknown[]) => unknown }): object {
  return Object.create(font, {
    layout: { value: (text: unknown, features: unknown, ...rest: unknown[]) => font.layout(text, features ?? NO_LIGATURES, ...rest) },
  }) as object;
}

function parsedFont(probe: PDFKit.PDFDocument, file: string): PDFKit.Mixins.PDFFontSource {
  probe.font(file);
  // PDFKit keeps the current font's parsed fontkit font at `_font.font` (not part of its types).
  const current: unknown = Reflect.get(probe, '_font');
  const font: unknown = typeof current === 'object' && current !== null ? Reflect.get(current, 'font') : undefined;
  // PDFKit's types list files and bytes as sources; its `PDFFontFactory.open` also takes a parsed font.
  if (isParsedFont(font)) return withoutLigatures(font as { layout: (...args: unknown[]) => unknown }) as PDFKit.Mixins.PDFFontSource;
  throw new Error(`PDFKit no longer exposes the parsed font of ${file}: fonts would be laid out with ligatures`);
}

/** Each face's source to register: its parsed font, kept for the life of the process. */
export function pdfFontSources(): ReadonlyMap<PdfFont, PDFKit.Mixins.PDFFontSource> {
  if (sources) return sources;
  const probe = new PDFDocument({ autoFirstPage: false });
  const names = Object.keys(PDF_FONTS) as PdfFont[];
  sources = new Map(names.map((name) => [name, parsedFont(probe, PDF_FONTS[name])]));
  return sources;
}
