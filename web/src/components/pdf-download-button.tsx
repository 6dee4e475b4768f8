import { useState, type ReactNode } from 'react';
import type { PlanFeature } from '@story/proto';
import { failureServerMessage, failureStatus } from '../api/failure.ts';
import { fetchPdf, saveFile } from '../api/file-download.ts';
import { useExclusiveTask } from '../hooks/use-exclusive-task.ts';
import { Button, type ButtonVariant } from './button.ts';
import { PlanLockedDialog } from './plan-notice.tsx';
import { Spinner } from './spinner.tsx';
import { notifyFailure } from './toast/notify.ts';

export interface PdfDownloadButtonProps {
  /** The PDF's API path, its query included. */
  path: string;
  /** The file's name when the response names none. */
  fallbackName: string;
  /** What the PDF needs of the plan (`PDF_DOWNLOADS`): a plan without it is told so, with the way to the plans. */
  needs: readonly PlanFeature[];
  /** What a failure says in its toast: by default the service's words, else `failedMessage`. */
  failureMessage?: (error: unknown) => string;
  failedMessage: string;
  /** An accessible name holding the visible label, when the label alone is ambiguous ("PDF" in a row of threads). */
  'aria-label'?: string;
  /** The button's look (default `secondary`); not `$variant`, which a `styled(PdfDownloadButton)` would keep to itself. */
  variant?: ButtonVariant;
  /** A tooltip (the visible label of an icon-only button). */
  title?: string;
  /** An icon-only button: the spinner takes the icon's place while the PDF is made. */
  iconOnly?: boolean;
  className?: string;
  children?: ReactNode;
}

/** The person's time zone, for the times a conversation's PDF prints. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Download PDF": fetches the PDF (one download at a time) and hands it to the browser; a failure is
 * told in a toast, and the plan's refusal (403) in a dialog with the way to the plans (issue 39, 3).
 */
export function PdfDownloadButton({
  path,
  fallbackName,
  needs,
  failureMessage,
  failedMessage,
  iconOnly = false,
  variant = 'secondary',
  children = 'Download PDF',
  ...buttonProps
}: PdfDownloadButtonProps) {
  const download = useExclusiveTask();
  const [locked, setLocked] = useState<string | null>(null);
  const handleDownload = () =>
    void download.run(async () => {
      try {
        const { blob, fileName } = await fetchPdf(path, fallbackName);
        saveFile(blob, fileName);
      } catch (error) {
        const refusal = failureStatus(error) === 403 ? failureServerMessage(error) : undefined;
        if (refusal) setLocked(refusal);
        else notifyFailure(failureMessage ? failureMessage(error) : (failureServerMessage(error) ?? failedMessage), error);
      }
    });
  return (
    <>
      <Button $variant={variant} {...buttonProps} onClick={handleDownload} disabled={download.busy} aria-busy={download.busy || undefined}>
        {download.busy && <Spinner size={16} />}
        {iconOnly && download.busy ? null : children}
      </Button>
      <PlanLockedDialog message={locked} features={needs} onClose={() => setLocked(null)} />
    </>
  );
}
