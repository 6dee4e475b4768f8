import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from './icons.tsx';

// `muted` is the speaker's; the other icons ignore it.
const rendered = Object.entries(icons).map(([name, Icon]) => ({ name, html: renderToStaticMarkup(<Icon size={20} muted={false} />) }));

describe('icons', () => {
  it.each(rendered)('$name is decorative: hidden from assistive technology and never focused', ({ html }) => {
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*focusable="false"/);
    expect(html).toContain('stroke="currentColor"');
  });

  it('takes its size, or keeps its own', () => {
    expect(renderToStaticMarkup(<icons.CheckIcon size={12} />)).toContain('width="12" height="12"');
    expect(renderToStaticMarkup(<icons.HomeIcon />)).toContain('width="18" height="18"');
  });

  it('draws the speaker crossed out when muted', () => {
    expect(renderToStaticMarkup(<icons.SpeakerIcon muted />)).not.toBe(renderToStaticMarkup(<icons.SpeakerIcon muted={false} />));
  });
});
