import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

/** The controls of a dialog that take focus, in order. */
function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (element) => !element.hasAttribute('disabled') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * A modal dialog's Tab handler: Tab and Shift+Tab go round its own controls. (The browser's own
 * modal lets Tab leave for its address bar.)
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const controls = focusableIn(event.currentTarget);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export interface ModalDialogOptions {
  open: boolean;
  /** While true, Escape and the backdrop do nothing (the dialog's action is running). */
  busy?: boolean;
  /** Escape or a click on the backdrop. */
  onCancel: () => void;
  /** Takes focus each time the dialog opens. */
  focusOnOpen: RefObject<HTMLElement | null>;
  /** Runs each time it opens (before focus) and each time it closes: to reset what it showed or held. */
  onOpen?: () => void;
  onClose?: () => void;
}

/**
 * A native <dialog> kept in step with React's `open`: shown modal (the page behind inert) with focus
 * on `focusOnOpen`, closed when `open` turns false. Spread its props on the dialog: Escape and a
 * click on the backdrop ask `onCancel` (unless busy), and Tab stays inside.
 */
export function useModalDialog({ open, busy = false, onCancel, focusOnOpen, onOpen, onClose }: ModalDialogOptions) {
  const ref = useRef<HTMLDialogElement>(null);
  const hooks = useRef({ onOpen, onClose });
  hooks.current = { onOpen, onClose };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      hooks.current.onOpen?.();
      dialog.showModal();
      focusOnOpen.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      hooks.current.onClose?.();
    }
  }, [open, focusOnOpen]);

  return {
    ref,
    'aria-modal': true,
    onKeyDown: keepTabInside,
    // React state decides whether the dialog is open; Escape only asks.
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      if (!busy) onCancel();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget && !busy) onCancel();
    },
  };
}
