/**
 * The open platform's gate (issue 14): every /api/open/v1 route is `isPublic` for the session guard and checked
 * here instead, in this order — headers present (40100), app known (40101), enabled (40102), caller IP allowed
 * (40103), timestamp within ±5 min (40104), body digest (40105), HMAC-SHA256 signature (40106), nonce unused
 * (40107, kept in izs_open_nonce: several processes share it), scope granted (40301); then the per-app rate limit
 * (@fastify/rate-limit, 42901). Each refusal answers its own code (OPEN_ERRORS) and is logged with the call.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPEN_ERRORS, type OpenErrorKey, type OpenScope } from '../../../../core/contract/open/open-v1.contract.ts';
import {
  NONCE_PATTERN,
  SIGN_HEADERS,
  stringToSign,
  TIMESTAMP_WINDOW_S,
} from '../../../../core/contract/open/signing.ts';
import type { Db } from '../../../db/client.ts';
import { openApp, openNonce } from '../../../db/schema/index.ts';
import { hmacHex, type SecretBox, sameHex, sha256Hex } from './crypto.ts';
import { ipAllowed } from './ip.ts';

export class OpenRefusal extends Error {
  readonly http: number;
  readonly code: number;
  /** @fastify/rate-limit and Fastify read statusCode. */
  readonly statusCode: number;
  constructor(key: OpenErrorKey, detail?: string) {
    const e = OPEN_ERRORS[key];
    super(detail ?? e.msg);
    this.http = e.http;
    this.code = e.code;
    this.statusCode = e.http;
  }
}

export interface OpenAppCtx {
  id: string;
  tenantId: string;
  appKey: string;
  name: string;
  rateLimit: number;
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    openApp?: OpenAppCtx;
    openRawBody?: string;
    openStart?: number;
    openCode?: number;
    openMsg?: string;
  }
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

let nonceInserts = 0;

/** The preHandler of the open routes; `scopeOf(req)` names the route's API group. */
export function openGate(db: Db, box: SecretBox, scopeOf: (req: FastifyRequest) => OpenScope | undefined) {
  return async function gate(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const appKey = header(req, SIGN_HEADERS.appKey);
    const ts = header(req, SIGN_HEADERS.timestamp);
    const nonce = header(req, SIGN_HEADERS.nonce);
    const signature = header(req, SIGN_HEADERS.signature).toLowerCase();
    if (!appKey || !ts || !nonce || !signature) throw new OpenRefusal('missingHeaders');
    if (!NONCE_PATTERN.test(nonce)) throw new OpenRefusal('missingHeaders', 'X-Nonce 应为16–64位字母、数字、_ 或 -');
    const [app] = await db
      .select()
      .from(openApp)
      .where(and(eq(openApp.appKey, appKey), eq(openApp.isDeleted, 0)))
      .limit(1);
    if (!app) throw new OpenRefusal('unknownApp');
    req.openApp = {
      id: app.id,
      tenantId: app.tenantId,
      appKey: app.appKey,
      name: app.name,
      rateLimit: app.rateLimit,
      scopes: app.scopes.split(',').filter(Boolean),
    };
    if (app.enabled !== 1) throw new OpenRefusal('disabled');
    if (!ipAllowed(app.ipAllow, req.ip)) throw new OpenRefusal('ipDenied', `${OPEN_ERRORS.ipDenied.msg}（${req.ip}）`);
    const seconds = Number(ts);
    if (!/^\d{9,11}$/.test(ts) || Math.abs(Date.now() / 1000 - seconds) > TIMESTAMP_WINDOW_S) {
      throw new OpenRefusal('staleTimestamp');
    }
    const digest = sha256Hex(req.openRawBody ?? '');
    const claimed = header(req, SIGN_HEADERS.contentSha256).toLowerCase();
    if (claimed && claimed !== digest) throw new OpenRefusal('bodyHash');
    const [path, query = ''] = req.url.split('?');
    const expected = hmacHex(
      box.open(app.secretEnc),
      stringToSign({ method: req.method, path, query, timestamp: ts, nonce, contentSha256: digest }),
    );
    if (!sameHex(expected, signature)) throw new OpenRefusal('badSignature');
    const fresh = await db
      .insert(openNonce)
      .values({ appKey, nonce, expiresAt: new Date((seconds + TIMESTAMP_WINDOW_S * 2) * 1000) })
      .onConflictDoNothing()
      .returning({ nonce: openNonce.nonce });
    if (!fresh.length) throw new OpenRefusal('nonceReused');
    if (++nonceInserts % 200 === 0) await db.delete(openNonce).where(lt(openNonce.expiresAt, sql`now()`));
    const scope = scopeOf(req);
    if (!scope || !req.openApp.scopes.includes(scope)) throw new OpenRefusal('outOfScope');
  };
}
