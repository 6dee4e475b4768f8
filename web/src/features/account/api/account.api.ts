import { messageResponseSchema } from '@story/proto';
import { fetchFile } from '../../../api/file-download.ts';
import { httpClient } from '../../../api/http-client.ts';

/** `DELETE /api/users/me`: deletes the signed-in account, confirmed by its password; the server's message. */
export async function deleteAccount(password: string): Promise<string> {
  const body = await httpClient.delete<unknown>('/api/users/me', { body: { password } });
  return messageResponseSchema.parse(body).message;
}

/** `GET /api/export`: everything the person keeps, as a ZIP, and its file name; a refusal (409 while another runs) is thrown with the server's words. */
export function fetchDataExport(): Promise<{ blob: Blob; fileName: string }> {
  return fetchFile('/api/export', 'application/zip', 'story-export.zip');
}
