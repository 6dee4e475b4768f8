/**
 * Every icon of the app. Icons are decorative (the button or text beside them says what they
 * mean), so they are hidden from assistive technology, and they draw in the text colour.
 */
import type { ReactNode } from 'react';
import { theme } from '../theme.ts';

export interface IconProps {
  /** Width and height in pixels. */
  size?: number;
}

interface IconFrameProps {
  size: number;
  /** The drawing's own coordinates. */
  viewBox: string;
  children: ReactNode;
}

/** The frame every icon shares; stroke colour and width are inherited by its shapes. */
function IconFrame({ size, viewBox, children }: IconFrameProps) {
  return (
    <svg width={size} height={size} viewBox={viewBox} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** An icon of one drawing: its default size, the drawing's own coordinates and its shapes. */
function icon(defaultSize: number, viewBox: string, drawing: ReactNode) {
  return function Icon({ size = defaultSize }: IconProps) {
    return (
      <IconFrame size={size} viewBox={viewBox}>
        {drawing}
      </IconFrame>
    );
  };
}

export const HomeIcon = icon(18, '0 0 24 24', <path d="M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1v-9z" strokeLinejoin="round" />);

export const LogoutIcon = icon(
  18,
  '0 0 24 24',
  <path d="M9 4H5a1 1 0 00-1 1v14a1 1 0 001 1h4M16 17l5-5-5-5M21 12H9" strokeLinecap="round" strokeLinejoin="round" />,
);

/** A head and shoulders, for the account. */
export const AccountIcon = icon(
  18,
  '0 0 24 24',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
  </>,
);

/** A left chevron, for Back. */
export const BackIcon = icon(16, '0 0 16 16', <path d="M10 3L5 8l5 5" strokeLinecap="round" strokeLinejoin="round" />);

/** A cross, for closing. */
export const CloseIcon = icon(14, '0 0 14 14', <path d="M2 2l10 10M12 2L2 12" strokeLinecap="round" />);

/** A tick: something is included, met or saved. */
export const CheckIcon = icon(16, '0 0 16 16', <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />);

/** An empty circle: a requirement not met yet. */
export const CircleIcon = icon(14, '0 0 14 14', <circle cx="7" cy="7" r="5" strokeWidth="1.5" />);

/** A pencil, for editing. */
export const PencilIcon = icon(
  16,
  '0 0 24 24',
  <>
    <path d="M4 20h4L19 9a2.8 2.8 0 00-4-4L4 16v4z" strokeLinejoin="round" />
    <path d="M13.5 6.5l4 4" />
  </>,
);

/** A loudspeaker with sound waves, or crossed out when muted. */
export function SpeakerIcon({ size = 18, muted }: IconProps & { muted: boolean }) {
  return (
    <IconFrame size={size} viewBox="0 0 24 24">
      <path d="M4 9v6h4l5 4V5L8 9H4z" strokeLinejoin="round" />
      {muted ? <path d="M17 9l5 6M22 9l-5 6" strokeLinecap="round" /> : <path d="M16.5 8.5a5 5 0 010 7M19 6a8.5 8.5 0 010 12" strokeLinecap="round" />}
    </IconFrame>
  );
}

/** A floppy disk, for saving. */
export const SaveIcon = icon(
  18,
  '0 0 24 24',
  <>
    <path d="M5 4h11l3 3v12a1 1 0 01-1 1H6a1 1 0 01-1-1V4z" strokeLinejoin="round" />
    <path d="M8 4v5h7V4M8 20v-6h8v6" strokeLinejoin="round" />
  </>,
);

export const MicIcon = icon(
  22,
  '0 0 24 24',
  <>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0014 0M12 18v3" strokeLinecap="round" />
  </>,
);

export const BriefcaseIcon = icon(
  22,
  '0 0 24 24',
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5a1 1 0 011-1h4a1 1 0 011 1v2M3 13h18" />
  </>,
);

/** A page with lines of text: a résumé. */
export const DocumentIcon = icon(
  22,
  '0 0 24 24',
  <>
    <path d="M6 3h8l4 4v14H6z" strokeLinejoin="round" />
    <path d="M14 3v4h4M9 12h6M9 16h6" strokeLinecap="round" />
  </>,
);

/** An arrow down onto a tray: a download. */
export const DownloadIcon = icon(
  16,
  '0 0 24 24',
  <>
    <path d="M12 4v11M7 10l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M5 19h14" strokeLinecap="round" />
  </>,
);

/** A magnifying glass. */
export const SearchIcon = icon(
  16,
  '0 0 24 24',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
  </>,
);

/**
 * The product's mark: a white speech bubble holding the lines of a story, on a tile of the text
 * colour (the accent, where it is shown). Like every icon it is decorative; the product name beside
 * it, visible or not, names it. `index.html` draws the same mark as the favicon.
 */
export function LogoMark({ size = 28 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M8 9.5h16a1.5 1.5 0 011.5 1.5v9a1.5 1.5 0 01-1.5 1.5h-9l-4.5 4v-4H8A1.5 1.5 0 016.5 20v-9A1.5 1.5 0 018 9.5z" fill={theme.colors.onPrimary} />
      <path d="M11 14h10M11 17.5h6.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
