import { profileSourcesResponseSchema, publicProfileResponseSchema, publishProfileRequestSchema, PUBLIC_PROFILE_MESSAGES } from '@story/proto';
import { notFound, requireUser, signedInOnly, type PlanCheck, type ServiceApp } from '@story/service-kit';
import type { FastifyRequest } from 'fastify';
import { presentOwnProfile } from './public-profile.presenter.ts';
import type { PublicProfileService } from './public-profile.service.ts';

/**
 * `/api/profile`: the person's public profile. Reading it and taking it down need only a session
 * (a person whose plan changed can still see and remove what is public); publishing and the
 * editor's sources need the plan feature `publicProfile`.
 */
export function registerPublicProfileRoutes(app: ServiceApp, service: PublicProfileService, plans: PlanCheck): void {
  const withFeature = async (request: FastifyRequest) => {
    const { userId } = requireUser(request);
    await plans.require(userId, 'publicProfile');
    return userId;
  };

  app.get('/api/profile', { ...signedInOnly, schema: { response: { 200: publicProfileResponseSchema } } }, async (request) => {
    const { userId } = requireUser(request);
    return presentOwnProfile(await service.own(userId));
  });

  app.put(
    '/api/profile',
    { ...signedInOnly, schema: { body: publishProfileRequestSchema, response: { 200: publicProfileResponseSchema } } },
    async (request) => {
      const userId = await withFeature(request);
      const record = await service.publish(userId, request.body);
      request.log.info(
        { customName: record.customName, roles: record.content.roles.length, stories: record.content.stories.length },
        'public profile published',
      );
      return presentOwnProfile(record);
    },
  );

  app.delete('/api/profile', signedInOnly, async (request, reply) => {
    const { userId } = requireUser(request);
    if (!(await service.takeDown(userId))) throw notFound(PUBLIC_PROFILE_MESSAGES.notPublished);
    request.log.info('public profile taken down');
    return reply.status(204).send();
  });

  app.get('/api/profile/sources', { ...signedInOnly, schema: { response: { 200: profileSourcesResponseSchema } } }, async (request) => {
    const userId = await withFeature(request);
    return service.sources(userId);
  });
}
