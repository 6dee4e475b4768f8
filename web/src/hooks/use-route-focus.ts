import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take (its code, its session check) before its heading is given up on. */
const WAIT_FOR_HEADING_MS = 5000;

/** The element a page state wants focused after a navigation: one it marks, else its main heading. */
function routeFocusTarget(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main [data-route-focus]') ?? document.querySelector<HTMLElement>('main h1');
}

/** True when the page has put focus somewhere on purpose (an autofocused field): that is left alone. */
function pageHasFocus(): boolean {
  const active = document.activeElement;
  return active !== null && active !== document.body && active.closest('main') !== null;
}

function focusTarget(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * After every navigation in the app (not the first page load), moves focus to the new page's main
 * heading, or to what the page marks with `data-route-focus`, so a screen reader says where the
 * person landed and the keyboard starts from there. Waits for a lazily loaded page to render it.
 */
export function useRouteFocus(): void {
  const location = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const tryFocus = (): boolean => {
      if (pageHasFocus()) return true;
      const target = routeFocusTarget();
      if (!target) return false;
      focusTarget(target);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [location.key]);
}
