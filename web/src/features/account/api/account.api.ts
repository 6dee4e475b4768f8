import { messageResponseSchema } from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';

/** `DELETE /api/users/me`: deletes the signed-in account, confirmed by its password; the server's message. */
export async function deleteAccount(password: string): Promise<string> {
  const body = await httpClient.delete<unknown>('/api/users/me', { body: { password } });
  return messageResponseSchema.parse(body).message;
}
