import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * While `active` (something would be lost), asks before leaving: navigations to another page of the
 * app are held by the returned blocker until the person confirms (`proceed`) or stays (`reset`);
 * closing or reloading the tab gets the browser's own "Leave site?" question. Changes of the query
 * on the same page (a panel, the URL catching up with a save) are never held.
 */
export function useLeaveWarning(active: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!active) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [active]);

  // Nothing left to lose (the save that was running finished): a held navigation goes on.
  useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.proceed();
  }, [active, blocker]);

  return blocker;
}
