import { PROFILE_SLUG_PATTERN, PUBLIC_PROFILE_LIMITS } from '@story/proto';
import { renderProfileNotFoundPage, renderProfilePage } from './profile-page.ts';
import type { ServiceApp } from '@story/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { presentPublicContent } from './public-profile.presenter.ts';
import type { PublicProfileService } from './public-profile.service.ts';

const HTML = 'text/html; charset=utf-8';
/** Random slugs are 20 characters, custom names at most 40. */
const SLUG_MAX = PUBLIC_PROFILE_LIMITS.nameMax;

/** Where the site is, for a page's own address: configured, or the hosts whose forwarded address may stand for it. */
export interface PublicSite {
  siteUrl?: string | undefined;
  siteHosts: readonly string[];
}

/**
 * The site's address for a page's canonical link and `og:url` (issue 36, 7): the configured one; without
 * it, the forwarded host only when its name is on the allow-list (development on loopback, any port).
 * A host a request names is never copied into the page otherwise: `Host: evil.example` would make the
 * page (and any cache or crawler that keeps it) point elsewhere.
 */
function siteOrigin(request: FastifyRequest, site: PublicSite): string {
  if (site.siteUrl) return site.siteUrl.replace(/\/+$/, '');
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  };
  const fallback = `http://${site.siteHosts[0] ?? 'localhost'}`;
  const forwarded = header('x-forwarded-host') ?? header('host');
  if (!forwarded) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(`http://${forwarded}`);
  } catch {
    return fallback;
  }
  // Only a bare host[:port]: anything else (a path, user info, `localhost@evil.example`) is not one of ours.
  if (parsed.host !== forwarded.toLowerCase() || !site.siteHosts.includes(parsed.hostname)) return fallback;
  const proto = header('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${proto}://${parsed.host}`;
}

/**
 * `/p/{slug}`: the published profile as a page for anyone, server-rendered, no script. Never cached
 * (`no-store`), so a profile taken down is gone at once; an unknown, never-published or taken-down
 * address gets the same 404 page. `X-Robots-Tag` repeats the page's `noindex`.
 */
export function registerPublicPageRoutes(app: ServiceApp, service: PublicProfileService, site: PublicSite): void {
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
    const url = `${siteOrigin(request, site)}/p/${slug}`;
    reply.type(HTML).header('cache-control', 'no-store');
    if (!content.allowSearchEngines) reply.header('x-robots-tag', 'noindex');
    return reply.send(renderProfilePage(content, { url }));
  });
}
