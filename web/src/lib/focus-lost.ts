/** True when nothing has focus (the focused element went away): focus may be put back without taking it from anything. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}
