/** The one theme of the client: calm neutrals with a purple accent, AA contrast on every text colour. */
export const theme = {
  colors: {
    background: '#f7f7fb',
    surface: '#ffffff',
    surfaceMuted: '#f1f0f7',
    text: '#1c1b29',
    textMuted: '#55536b',
    border: '#dedce8',
    borderStrong: '#b9b6cc',
    primary: '#5b21b6',
    primaryHover: '#4c1d95',
    primarySoft: '#ede9fe',
    /** The border of the person's own bubble, on `primarySoft`. */
    primarySoftBorder: '#d8cdfb',
    onPrimary: '#ffffff',
    focus: '#7c3aed',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSoft: '#fef2f2',
    onDanger: '#ffffff',
    success: '#15803d',
    /** Behind `success` text ("Saved", "Best"). */
    successSoft: '#dcfce7',
    warning: '#b45309',
    /** Behind `warning` text (the recording limit is near). */
    warningSoft: '#fffbeb',
    /** Words of an answer that its feedback quotes. */
    highlight: '#fde68a',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.5rem', xxl: '2.25rem', hero: 'clamp(2.25rem, 5vw, 3.75rem)' },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem' },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(28, 27, 41, 0.06), 0 4px 16px rgba(28, 27, 41, 0.06)',
    raised: '0 8px 30px rgba(28, 27, 41, 0.16)',
  },
  /** Media queries use `max-width: sm/md` for phones and `min-width: md` for wider screens. */
  breakpoints: { sm: '480px', md: '768px', lg: '1024px' },
  /** `header`: the shared header's height, under which phones show toasts. */
  sizes: { authCard: '400px', inputHeight: '48px', welcome: '1200px', toastViewport: '420px', header: '3.5rem' },
} as const;

export type Theme = typeof theme;
