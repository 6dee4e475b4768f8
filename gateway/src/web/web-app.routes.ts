import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, notFound } from '@story/service-kit/errors';
import { pathOf } from '../security/security-headers.hooks.ts';

export const WEB_APP_NOT_BUILT_MESSAGE = 'The web app is not built; run make run';
/** Vite names these files by content hash, so they never change under the same name. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path names inside `root`, or undefined when it names none (or tries to leave `root`). */
function fileInRoot(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = resolve(join(root, decoded));
  return candidate.startsWith(`${root}${sep}`) ? candidate : undefined;
}

/**
 * Serves the built web app from `root`: its files (hashed `/assets/*` cached for a year, everything
 * else revalidated) and, for any other GET, `index.html`, where the client's router takes over
 * (and shows its own 404 screen). Without a build, those GETs answer 503 saying how to build it.
 */
export async function webAppRoutes(app: FastifyInstance, options: { root: string }): Promise<void> {
  const root = resolve(options.root);
  const indexFile = join(root, 'index.html');
  await app.register(fastifyStatic, {
    root,
    serve: false,
    suppressWarning: true,
    cacheControl: false,
    dotfiles: 'deny',
    // The build writes .br and .gz copies (web/build/precompress.plugin.ts); send the best one accepted.
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(`${root}${sep}assets${sep}`) ? IMMUTABLE_CACHE : 'no-cache');
    },
  });

  const sendIndex = async (reply: FastifyReply) => {
    if (!(await isFile(indexFile))) throw new HttpError(503, WEB_APP_NOT_BUILT_MESSAGE);
    return reply.sendFile('index.html');
  };

  app.get('/', async (_request, reply) => sendIndex(reply));
  app.get('/*', async (request, reply) => {
    const path = pathOf(request.url);
    const file = fileInRoot(root, path);
    if (file && (await isFile(file))) return reply.sendFile(file.slice(root.length + 1));
    // A missing hashed asset is a stale page asking for an old build: answering HTML would only hide that.
    if (path.startsWith('/assets/')) throw notFound(`No file ${path}`);
    return sendIndex(reply);
  });
}
