import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme.ts';
import { MarkdownView } from './markdown.tsx';
import { allowListedUrl } from './markdown-url.ts';

describe('allowListedUrl', () => {
  it('keeps the allowed schemes and relative links', () => {
    for (const url of [
      'http://example.com',
      'https://example.com/a?b=c#d',
      'HTTPS://EXAMPLE.COM',
      'irc://irc.example.net/chan',
      'ircs://irc.example.net/chan',
      'mailto:someone@example.com',
      'xmpp:someone@example.com',
      '/interview-practice/saved',
      'relative/path',
      '#section',
      '?q=1',
      './a:b',
      '/a:b',
    ]) {
      expect(allowListedUrl(url)).toBe(url);
    }
  });

  it('blanks every other scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.com',
      'tel:123',
    ]) {
      expect(allowListedUrl(url)).toBe('');
    }
  });
});

function render(markdown: string): string {
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <MarkdownView>{markdown}</MarkdownView>
    </ThemeProvider>,
  );
}

describe('MarkdownView', () => {
  it('renders markdown', () => {
    const html = render('# Senior Engineer\n\n- **TypeScript**\n- React');
    expect(html).toContain('<h1>Senior Engineer</h1>');
    expect(html).toContain('<strong>TypeScript</strong>');
    expect(html).toContain('<li>React</li>');
  });

  it('drops raw HTML', () => {
    const html = render('Hello <script>alert(1)</script><img src=x onerror=alert(1)> world');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror');
  });

  it('blanks disallowed links and keeps allowed ones', () => {
    const bad = render('[click](javascript:alert(1))');
    expect(bad).not.toContain('javascript:');
    expect(bad).toContain('>click</a>');
    const good = render('[site](https://example.com) and [page](/welcome)');
    expect(good).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
    expect(good).toContain('href="/welcome"');
  });
});
