/**
 * The built PWA on the API's port: hashed /assets/* immutable for a year; index.html, sw.js and the
 * manifest revalidated on every load; any other HTML navigation outside the API falls back to
 * index.html (history-mode SPA routes such as /pages/index/index).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { ErrorCode } from '../services/errors';

const API_PREFIXES = [
  '/auth',
  '/member',
  '/country',
  '/coin',
  '/config',
  '/article',
  '/file',
  '/customer',
  '/notify',
  '/money',
  '/activity',
  '/prizePool',
  '/api',
  '/ops',
];
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

export const isApiPath = (url: string) => {
  const p = url.split('?')[0]!;
  return API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
};

export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath);
  if (NO_CACHE.has(base)) return 'no-cache';
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
      index: ['index.html'],
      wildcard: true,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    if ((req.method === 'GET' || req.method === 'HEAD') && wantsHtml && !isApiPath(req.url) && hasIndex) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', root);
    }
    return reply.code(404).send({ code: ErrorCode.NOT_FOUND, msg: 'Not found' });
  });
}
