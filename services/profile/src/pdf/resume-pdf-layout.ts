import { createRequire } from 'node:module';
import type { ResumePaper } from './resume-pdf.ts';

/**
 * The résumé PDF's look: Source Sans 3 (embedded from `@expo-google-fonts/source-sans-3`), sizes,
 * colours and spacing, and the paper sizes in points.
 */

const require = createRequire(import.meta.url);
const fontFile = (weight: string) => require.resolve(`@expo-google-fonts/source-sans-3/${weight}/SourceSans3_${weight}.ttf`);

/** The font files, by the name the renderer registers them under. */
export const RESUME_FONTS = {
  regular: fontFile('400Regular'),
  italic: fontFile('400Regular_Italic'),
  semibold: fontFile('600SemiBold'),
  bold: fontFile('700Bold'),
} as const;
export type ResumeFont = keyof typeof RESUME_FONTS;

/** Paper sizes in PDF points (1/72 inch) and their margins. */
export const PAPERS: Readonly<Record<ResumePaper, { size: [number, number]; margin: number }>> = {
  a4: { size: [595.28, 841.89], margin: 52 },
  letter: { size: [612, 792], margin: 54 },
};

/** Type sizes, in points. */
export const TYPE = { name: 24, contact: 9.5, heading: 10.5, roleTitle: 11, body: 10, small: 9.5 } as const;
/** Colours: near-black text, a muted grey for dates and contact, an accent for headings and rules. */
export const INK = { text: '#1f2328', muted: '#5b6470', accent: '#1f4e79', rule: '#c9d3de' } as const;
/** Vertical spaces, in points. */
export const SPACE = {
  afterName: 4,
  afterContact: 14,
  beforeHeading: 12,
  afterHeading: 7,
  betweenRoles: 9,
  afterRoleHeader: 3,
  lineGap: 1.6,
  bulletIndent: 12,
} as const;
