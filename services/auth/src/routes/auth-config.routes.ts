import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth-services.ts';

/** `/api/auth/config`: public settings the web needs before sign-in (whether to show Google's button). */
export function registerAuthConfigRoutes(app: FastifyInstance, services: AuthServices): void {
  app.get('/api/auth/config', async (): Promise<{ googleClientId: string | null }> => ({ googleClientId: services.googleClientId ?? null }));
}
