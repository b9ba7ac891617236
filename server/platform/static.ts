/**
 * Built front end (DESIGN §1): dist/entries/<name>/index.html + dist/assets/**, history fallback by URL space,
 * /oss/** from DATA_DIR/oss. Hashed assets get a year of immutable cache; HTML is no-cache.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Entry = 'admin' | 'visual' | 'print' | 'trace';

export function entryFor(pathname: string): Entry {
  const under = (p: string) => pathname === p || pathname.startsWith(`${p}/`);
  if (under('/visual')) return 'visual';
  if (under('/print-template') || under('/print') || pathname === '/setting-print') return 'print';
  if (under('/blockchain-info')) return 'trace';
  return 'admin';
}

/**
 * An HTML navigation: GET/HEAD outside /api, /oss and /assets whose last segment has no file extension or is an
 * `.html` page (`/index.html`, `/visual/index.html`: the entry of that URL space).
 */
export function isHtmlNavigation(method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/oss/')) return false;
  if (pathname.startsWith('/assets/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}

/** Only the hashed build output is served as files; everything else (/, /index.html, /entries/…) is a page. */
export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith('/assets/') && !pathname.endsWith('/');
}

export async function registerStatic(app: FastifyInstance, distDir: string, ossDir: string): Promise<void> {
  if (existsSync(ossDir)) {
    await app.register(fastifyStatic, {
      root: ossDir,
      prefix: '/oss/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      maxAge: '1d',
    });
  }
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      // .br/.gz beside each file go to clients that accept them; any other client gets the plain file
      preCompressed: true,
      // directories (/, /assets/) and files outside assets/ fall through to the not-found handler, which answers
      // HTML navigations with their entry (sendEntry) and the rest with a JSON 404 — never a 403 for a directory
      allowedPath: (pathname) => isAssetPath(pathname),
      setHeaders(res, path) {
        if (path.endsWith('.html')) res.header('cache-control', 'no-cache');
        else if (path.includes(`${join(distDir, 'assets')}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }
}

/** History fallback for HTML navigations; 503 with a hint when the front end has not been built. */
export function sendEntry(req: FastifyRequest, reply: FastifyReply, distDir: string) {
  const pathname = req.url.split('?')[0].replace(/\/[^/]*\.html$/, '') || '/';
  const file = join(distDir, 'entries', entryFor(pathname), 'index.html');
  if (!existsSync(file)) {
    return reply
      .code(503)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send('请先运行 npm run build（前端尚未构建 / the front end has not been built: run npm run build）');
  }
  return reply
    .code(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(readFileSync(file));
}
