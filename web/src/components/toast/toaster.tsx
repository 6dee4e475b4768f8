import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { styled, css, keyframes } from 'styled-components';
import { CloseIcon } from '../icons.tsx';
import { isSwipeDismiss, type ToastItem } from './toast-store.ts';
import { useToast } from './use-toast.ts';

export const NOTIFICATIONS_LABEL = 'Notifications (F8)';

/**
 * Phones: at the top, just under the shared header (which stays usable) or a bar stuck under it,
 * never at the bottom where a message box or a page's main buttons sit. Wider screens: bottom right, at most 420 px wide.
 */
const Viewport = styled.section`
  position: fixed;
  /* A page with a bar stuck under the header moves phones' toasts below it (useToastClearance). */
  top: var(--toast-top, ${({ theme }) => theme.sizes.header});
  right: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  max-height: calc(100vh - var(--toast-top, ${({ theme }) => theme.sizes.header}));
  padding: ${({ theme }) => theme.space.md};
  pointer-events: none;
  outline: none;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    top: auto;
    bottom: 0;
    max-width: ${({ theme }) => theme.sizes.toastViewport};
  }
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const slideIn = keyframes`
  from { transform: translateX(calc(100% + 1rem)); opacity: 0; }
  to { transform: translateX(0); opacity: 1; }
`;

const Card = styled.li<{ $variant: ToastItem['variant'] }>`
  pointer-events: auto;
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl} ${theme.space.md} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${slideIn} 160ms ease-out;
  touch-action: pan-y;
  user-select: none;
  ${({ $variant, theme }) =>
    $variant === 'destructive' &&
    css`
      background: ${theme.colors.danger};
      border-color: ${theme.colors.danger};
      color: ${theme.colors.onDanger};
    `}
`;

const Texts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Title = styled.p`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Description = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  opacity: 0.92;
`;

const Close = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  right: ${({ theme }) => theme.space.sm};
  width: 1.75rem;
  height: 1.75rem;
  display: grid;
  place-items: center;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: inherit;
  cursor: pointer;
  opacity: 0.75;
  &:hover,
  &:focus-visible {
    opacity: 1;
  }
`;

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const dragStart = useRef<number | null>(null);
  const remaining = useRef(item.duration);

  // Closes itself after its duration; hovering or focusing it pauses the countdown.
  useEffect(() => {
    if (paused || !Number.isFinite(item.duration)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, item.id, item.duration, onDismiss]);

  const handlePointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (event.button !== 0 || (event.target instanceof HTMLElement && event.target.closest('button'))) return;
    dragStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const handlePointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (dragStart.current === null) return;
    setOffset(Math.max(0, event.clientX - dragStart.current));
  };
  const handlePointerUp = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (dragStart.current === null) return;
    const delta = event.clientX - dragStart.current;
    dragStart.current = null;
    setOffset(0);
    if (isSwipeDismiss(delta)) onDismiss(item.id);
  };

  return (
    <Card
      $variant={item.variant}
      data-testid="toast"
      data-variant={item.variant}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={() => {
        dragStart.current = null;
        setOffset(0);
      }}
    >
      {/* The role sits inside the list item: a list holds only items. */}
      <Texts role={item.variant === 'destructive' ? 'alert' : 'status'} aria-atomic="true">
        {item.title && <Title>{item.title}</Title>}
        {item.description && <Description>{item.description}</Description>}
      </Texts>
      <Close type="button" aria-label="Close notification" onClick={() => onDismiss(item.id)}>
        <CloseIcon />
      </Close>
    </Card>
  );
}

/** The notification area: a labelled live region that F8 focuses; shows the open toast. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const viewportRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        viewportRef.current?.focus();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);

  const open = toasts.filter((t) => t.open);
  return (
    <Viewport ref={viewportRef} role="region" aria-label={NOTIFICATIONS_LABEL} aria-live="polite" tabIndex={-1}>
      <List>
        {open.map((item) => (
          <ToastCard key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </List>
    </Viewport>
  );
}
