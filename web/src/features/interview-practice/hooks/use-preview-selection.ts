import { useEffect, type RefObject } from 'react';

/** The text of the selection when it lies inside `container` (and is not empty), else null. */
function selectedTextIn(container: HTMLElement | null): string | null {
  const selection = document.getSelection();
  if (!container || !selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  if (!container.contains(selection.getRangeAt(0).commonAncestorContainer)) return null;
  const text = selection.toString().trim();
  return text === '' ? null : text;
}

/** While `active`, text selected inside the preview (`previewRef`) is handed to `onSelect`, as copying it would. */
export function usePreviewSelection(previewRef: RefObject<HTMLElement | null>, active: boolean, onSelect: (text: string) => void): void {
  useEffect(() => {
    if (!active) return;
    const handleSelectionChange = () => {
      const text = selectedTextIn(previewRef.current);
      if (text !== null) onSelect(text);
    };
    document.addEventListener('selectionchange', handleSelectionChange);
    return () => document.removeEventListener('selectionchange', handleSelectionChange);
  }, [previewRef, active, onSelect]);
}
