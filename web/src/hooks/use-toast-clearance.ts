import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable that tells the toast viewport where to start on phones (under the header by default). */
export const TOAST_TOP_VARIABLE = '--toast-top';

/**
 * Keeps toasts clear of a bar near the top of the page (the conversation screen's Mute/Save row,
 * which sticks under the header on phones): while the page is shown, phones' toasts start below the
 * bar wherever it is on screen, and never higher than the header's bottom. Wider screens show
 * toasts at the bottom right and ignore the variable.
 */
export function useToastClearance(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      root.style.setProperty(TOAST_TOP_VARIABLE, `${Math.ceil(Math.max(headerBottom, element.getBoundingClientRect().bottom))}px`);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      root.style.removeProperty(TOAST_TOP_VARIABLE);
    };
  }, [bar]);
}
