import Markdown, { type Components } from 'react-markdown';
import { styled } from 'styled-components';
import { allowListedUrl } from './markdown-url.ts';

const Prose = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.6;
  overflow-wrap: anywhere;

  h1,
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: 1em 0 0.4em;
    font-size: 1.05em;
  }
  h1 {
    font-size: 1.25em;
  }
  h2 {
    font-size: 1.15em;
  }
  p,
  ul,
  ol,
  blockquote,
  pre {
    margin: 0 0 0.75em;
  }
  ul,
  ol {
    padding-left: 1.4em;
  }
  li + li {
    margin-top: 0.2em;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.92em;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-radius: 4px;
    padding: 0.1em 0.3em;
  }
  pre {
    overflow-x: auto;
    padding: 0.75em;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-radius: 6px;
  }
  pre code {
    padding: 0;
  }
  blockquote {
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    padding-left: 0.75em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  > :first-child {
    margin-top: 0;
  }
  > :last-child {
    margin-bottom: 0;
  }
`;

const components: Components = {
  // Absolute links leave the app in a new tab without handing it `window.opener`.
  a: ({ href, children }) =>
    href && /^[a-z][a-z0-9+.-]*:/i.test(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <a href={href || undefined}>{children}</a>
    ),
};

/** Renders untrusted markdown: raw HTML dropped, links limited to the spec's scheme allow-list. */
export function MarkdownView({ children, className }: { children: string; className?: string }) {
  return (
    <Prose className={className}>
      <Markdown skipHtml urlTransform={allowListedUrl} components={components}>
        {children}
      </Markdown>
    </Prose>
  );
}
