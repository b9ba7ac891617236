/**
 * Security headers on every answer (helmet's, computed once — see securityHeaders): a Content-Security-Policy the four entries (admin, visual,
 * print, trace) run under, frame-ancestors 'self' (+ X-Frame-Options SAMEORIGIN), nosniff, Referrer-Policy
 * no-referrer (tokens may travel in a `blade-auth` query parameter), no cross-origin opener.
 *
 * The policy, source by source:
 *  - script-src 'self': the entries load only Vite's module files; no inline script, no eval.
 *  - style-src 'self' 'unsafe-inline': Semi injects <style> elements and ECharts / Semi set style attributes; the
 *    entries' index.html carry a small inline <style> for the first paint.
 *  - img-src 'self' data: blob: http: https:: the captcha is an SVG data: URL; uploaded files and camera snapshots
 *    may come from the storage or camera addresses configured by the customer.
 *  - connect-src 'self' + the weighing socket: the embedded STOMP broker is same-origin (ws: of 'self'), an external
 *    broker (BROKER_URL) and the scale bridge's plugin link (SCALE_PLUGIN_URL, default ws://127.0.0.1:9610) are
 *    added, and any port on 127.0.0.1 / localhost (a second scale's bridge listens on 9611 …).
 *  - frame-ancestors 'self', object-src 'none', base-uri 'self', form-action 'self'.
 * No upgrade-insecure-requests and no HSTS: the product is served over plain http on yards' LANs; the TLS proxy in
 * front of an https deployment sets HSTS itself.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** ws(s)://host[:port] of a configured socket address, or undefined when it is not one. */
function socketOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') return undefined;
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}

export const DEFAULT_SCALE_PLUGIN_ORIGIN = 'ws://127.0.0.1:9610';

export function contentSecurityPolicy(config: Pick<Config, 'brokerUrl' | 'scalePluginUrl'>) {
  const sockets = new Set<string>(['ws://127.0.0.1:*', 'ws://localhost:*', DEFAULT_SCALE_PLUGIN_ORIGIN]);
  for (const u of [config.brokerUrl, config.scalePluginUrl]) {
    const o = socketOrigin(u);
    if (o) sockets.add(o);
  }
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...sockets],
      mediaSrc: ["'self'", 'blob:', 'http:', 'https:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  };
}

/** The options @fastify/helmet was registered with until issue 25; `securityHeaders` answers what they set. */
export function helmetOptions(config: Pick<Config, 'brokerUrl' | 'scalePluginUrl'>) {
  return {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  } as const;
}

/**
 * The headers every answer carries: helmet's, for the options above, computed once. @fastify/helmet built a new
 * helmet middleware (options parsed, the policy string joined) in two hooks on every request — a third of a cheap
 * list request's cost outside its SQL (issue 25); the headers never depend on the request. The CSP string comes
 * from helmet's own builder; tests/api/security-headers.test.ts holds the whole set equal to @fastify/helmet's.
 */
export function securityHeaders(config: Pick<Config, 'brokerUrl' | 'scalePluginUrl'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string) => {
      headers[k.toLowerCase()] = v;
    },
  };
  fastifyHelmet.contentSecurityPolicy(contentSecurityPolicy(config))({} as never, res as never, (e?: unknown) => {
    if (e) throw e;
  });
  return {
    ...headers,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = Object.entries(securityHeaders(config));
  // onRequest, as helmet's hooks were: 404s, refusals of the guard and errors carry them too
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (const [k, v] of headers) raw.setHeader(k, v);
    done();
  });
}
