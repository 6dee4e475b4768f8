import { ApiError, httpClient } from './http-client.ts';

/** The file name of a download, from its Content-Disposition (`attachment; filename="..."`). */
export function attachmentName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: the plain one, or the fallback
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** A PDF the API makes (GET `path`): its bytes and file name; a refusal is thrown as an ApiError with the service's words. */
export function fetchPdf(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  return fetchFile(path, 'application/pdf', fallbackName);
}

/** A file the API makes (GET `path`, of type `accept`): its bytes and file name; a refusal is thrown as an ApiError with the service's words. */
export async function fetchFile(path: string, accept: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await httpClient.fetchWithCsrf(path, { headers: { accept: `${accept}, application/json` } });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition'), fallbackName) };
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
