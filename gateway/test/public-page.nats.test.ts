import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@story/proto';
import { CONTENT_SECURITY_POLICY } from '../src/security/security-headers.hooks.ts';
import { browserHeaders, startGatewayBed, type GatewayBed } from './gateway.fixture.ts';

let bed: GatewayBed<'profile'>;

beforeAll(async () => {
  bed = await startGatewayBed({ services: ['profile'], session: { userId: 42, sessionId: 'session-pages' } });
});

afterAll(async () => {
  await bed?.world.close();
});

const lastReceived = () => {
  const entry = bed.services.profile.received.at(-1);
  if (!entry) throw new Error('profile received nothing');
  return entry;
};

describe('public pages (/p/{slug})', () => {
  it('sends them to the profile service without a session, under the site’s security headers', async () => {
    const response = await fetch(`${bed.gateway.url}/p/ada-park?ref=x`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html><title>profile page</title>');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const received = lastReceived();
    // Path and query unchanged; the visitor's host and scheme passed on, for the page's own address.
    expect(received.url).toBe('/p/ada-park?ref=x');
    expect(received.headers['x-forwarded-host']).toBe(new URL(bed.gateway.url).host);
    expect(received.headers['x-forwarded-proto']).toBe('http');
  });

  it('forwards no cookie and no identity even for a signed-in visitor or a forged header', async () => {
    const response = await fetch(`${bed.gateway.url}/p/ada-park`, { headers: { ...browserHeaders(bed.session), [IDENTITY_HEADER]: 'forged' } });
    expect(response.status).toBe(200);
    const received = lastReceived();
    expect(received.identity).toBeUndefined();
    expect(received.headers.cookie).toBeUndefined();
    expect(received.headers[IDENTITY_HEADER]).toBeUndefined();
  });

  it('passes the service’s 404 page through, and answers only GET and HEAD', async () => {
    const missing = await fetch(`${bed.gateway.url}/p/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Profile not found');
    expect((await fetch(`${bed.gateway.url}/p/ada-park`, { method: 'HEAD' })).status).toBe(200);
    const before = bed.services.profile.received.length;
    const post = await fetch(`${bed.gateway.url}/p/ada-park`, { method: 'POST', headers: browserHeaders(bed.session) });
    expect(post.status).toBe(404);
    expect(bed.services.profile.received.length).toBe(before);
  });
});
