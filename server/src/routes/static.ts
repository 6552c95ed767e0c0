/**
 * The built PWA on the API's port: hashed /assets/* immutable for a year; HTML, sw.js and the
 * manifest revalidated on every load; a navigation to a public page gets its prerendered HTML
 * (src/config/prerendered-pages.ts), any other HTML navigation outside the API falls back to
 * index.html (history-mode SPA routes such as /pages/index/index).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PRERENDER_CSP_FILE, type PrerenderCsp, prerenderedFileFor } from '../../../src/config/prerendered-pages';
import { isApiPath } from '../../../src/contract/api-segments';
import { ErrorCode } from '../common/errors';
import type { Config } from '../config';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath);
  if (NO_CACHE.has(base) || base.endsWith('.html')) return 'no-cache';
  if (filePath.split(path.sep).includes('assets')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export async function staticRoutes(app: FastifyInstance, config: Config) {
  const root = config.staticDir;
  const hasIndex = existsSync(path.join(root, 'index.html'));
  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      cacheControl: false,
      etag: true,
      lastModified: true,
      // '/' is the login page: answered below with its prerendered HTML.
      index: false,
      wildcard: true,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  }
  if (hasIndex)
    // The entry page, an alias of login (SPEC §2): its prerendered HTML, like any public page.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      handler: (_req, reply) => {
        reply.header('Cache-Control', 'no-cache');
        const page = prerenderedFileFor('/', '');
        return reply.sendFile(page && existsSync(path.join(root, page)) ? page : 'index.html', root);
      },
    });
  // The operator console (dist/console, its own app): its pages answer with its own index.html
  // (the folder itself explicitly: the file server refuses a folder).
  const consoleRoot = path.join(root, 'console');
  const hasConsole = existsSync(path.join(consoleRoot, 'index.html'));
  const consolePage = (reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', consoleRoot);
  };
  if (hasConsole) {
    app.route({ method: ['GET', 'HEAD'], url: '/console', handler: (_req, reply) => reply.redirect('/console/', 301) });
    app.route({ method: ['GET', 'HEAD'], url: '/console/', handler: (_req, reply) => consolePage(reply) });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    const pathname = new URL(req.url, 'http://x').pathname;
    if ((req.method === 'GET' || req.method === 'HEAD') && wantsHtml && hasConsole && isConsolePage(pathname))
      return consolePage(reply);
    if ((req.method === 'GET' || req.method === 'HEAD') && wantsHtml && !isApiPath(req.url) && hasIndex) {
      reply.header('Cache-Control', 'no-cache');
      const url = new URL(req.url, 'http://x');
      const page = prerenderedFileFor(url.pathname, url.search);
      return reply.sendFile(page && existsSync(path.join(root, page)) ? page : 'index.html', root);
    }
    return reply.code(404).send({ code: ErrorCode.NOT_FOUND, msg: 'Not found' });
  });
}

/** A page of the operator console, below /console/ but not its API. */
const isConsolePage = (pathname: string) => pathname.startsWith('/console/') && !pathname.startsWith('/console/api/');

/** The CSP sources the build wrote for its prerendered pages (none without a build). */
export function prerenderCsp(staticDir: string): PrerenderCsp {
  try {
    return JSON.parse(readFileSync(path.join(staticDir, PRERENDER_CSP_FILE), 'utf8')) as PrerenderCsp;
  } catch {
    return { scriptSrc: [], styleSrc: [], styleSrcAttr: [] };
  }
}
