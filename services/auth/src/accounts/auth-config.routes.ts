import { authConfigResponseSchema } from '@story/proto';
import type { ServiceApp } from '@story/service-kit';

/** `/api/auth/config`: public settings the web needs before sign-in (whether to show Google's button). */
export function registerAuthConfigRoutes(app: ServiceApp, googleClientId: string | undefined): void {
  app.get('/api/auth/config', { schema: { response: { 200: authConfigResponseSchema } } }, async () => ({ googleClientId: googleClientId ?? null }));
}
