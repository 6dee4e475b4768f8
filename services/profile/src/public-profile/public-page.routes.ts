import { PROFILE_SLUG_PATTERN, PUBLIC_PROFILE_LIMITS } from '@story/proto';
import { renderProfileNotFoundPage, renderProfilePage } from '@story/proto/public-profile/profile-page';
import type { ServiceApp } from '@story/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { presentPublicContent } from './public-profile.presenter.ts';
import type { PublicProfileService } from './public-profile.service.ts';

const HTML = 'text/html; charset=utf-8';
/** Random slugs are 20 characters, custom names at most 40. */
const SLUG_MAX = PUBLIC_PROFILE_LIMITS.nameMax;

/** The site's address as the visitor used it: the configured one, else what the gateway forwarded. */
function siteOrigin(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '');
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  };
  const proto = header('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${proto}://${header('x-forwarded-host') ?? header('host') ?? 'localhost'}`;
}

/**
 * `/p/{slug}`: the published profile as a page for anyone, server-rendered, no script. Never cached
 * (`no-store`), so a profile taken down is gone at once; an unknown, never-published or taken-down
 * address gets the same 404 page. `X-Robots-Tag` repeats the page's `noindex`.
 */
export function registerPublicPageRoutes(app: ServiceApp, service: PublicProfileService, options: { siteUrl?: string | undefined }): void {
  const notFoundPage = (reply: FastifyReply) =>
    reply.status(404).type(HTML).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(renderProfileNotFoundPage());

  // `/p/`, `/p/a/b`: no profile lives there either.
  app.get('/p/*', async (_request, reply) => notFoundPage(reply));

  app.get<{ Params: { slug: string } }>('/p/:slug', async (request, reply) => {
    const slug = request.params.slug;
    if (slug.length > SLUG_MAX || !PROFILE_SLUG_PATTERN.test(slug)) return notFoundPage(reply);
    const record = await service.atAddress(slug);
    if (!record) return notFoundPage(reply);
    const content = presentPublicContent(record);
    const url = `${siteOrigin(request, options.siteUrl)}/p/${slug}`;
    reply.type(HTML).header('cache-control', 'no-store');
    if (!content.allowSearchEngines) reply.header('x-robots-tag', 'noindex');
    return reply.send(renderProfilePage(content, { url }));
  });
}
