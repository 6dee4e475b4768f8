import type { MouseEvent } from 'react';
import { styled } from 'styled-components';

/** The id every page gives its `<main>`, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

const Link = styled.a`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  left: ${({ theme }) => theme.space.sm};
  z-index: 200;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  text-decoration: none;
  transform: translateY(calc(-100% - 1rem));

  &:focus {
    transform: none;
  }
`;

/** Moves focus to the page's main content (the element, not only the scroll position). */
export function focusMainContent(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
  if (!main) return false;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
  return true;
}

/**
 * "Skip to main content": the first thing a keyboard reaches on every page, hidden until focused.
 * It focuses the main landmark itself, without a hash in the URL (which the router would treat as
 * a navigation).
 */
export function SkipLink() {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (focusMainContent()) event.preventDefault();
  };
  return (
    <Link href={`#${MAIN_CONTENT_ID}`} onClick={handleClick}>
      Skip to main content
    </Link>
  );
}
