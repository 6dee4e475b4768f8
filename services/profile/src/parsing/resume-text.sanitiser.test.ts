import { describe, expect, it } from 'vitest';
import { isOnlyHostile, sanitiseLine, sanitiseLines } from './resume-text.sanitiser.ts';

describe('sanitiseLine', () => {
  it.each([
    ['<img src=x onerror=alert(1)>Led team', 'Led team'],
    ['Led <b>team</b> of 5<script>steal()</script>', 'Led team of 5'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;Built APIs', 'Built APIs'],
    ['See javascript:alert(1) and VBScript:msgbox and data:text/html;base64,xx', 'See and and'],
    ['Bi\u202Edi ze\u200Bro \u0007bell\u00ADshy', 'Bidi zero bellshy'],
    ['ﬁnance ﬂow', 'finance flow'],
    ['Acme, Austin\tJan 2020 – Present', 'Acme, Austin | Jan 2020 – Present'],
  ])('%j', (raw, clean) => {
    expect(sanitiseLine(raw)).toBe(clean);
  });

  it('drops lines that were only markup or a dangerous link, and keeps indentation', () => {
    expect(isOnlyHostile('javascript:alert(1)')).toBe(true);
    expect(isOnlyHostile('<a href="javascript:alert(1)"></a>')).toBe(true);
    expect(sanitiseLines(['• Led', 'javascript:alert(1)', '  wrapped line'])).toEqual(['• Led', '  wrapped line']);
  });
});
