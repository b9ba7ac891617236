/**
 * Auth guard (DESIGN §4, bladex-contract §3.8): `Blade-Auth: bearer <jwt>` (prefix case-insensitive) or the
 * `blade-auth` query parameter; HS256 JWT verified with jose; the session row must not be revoked (logout is
 * immediate; a live session is re-read at most once a second, see sessionIsLive). Routes opt out with `config: { public: true }`. Public routes (no token):
 *   POST /api/blade-auth/oauth/token, GET /api/blade-auth/oauth/captcha, GET /api/blade-auth/oauth/login-config,
 *   GET /api/izs-sell/version-info/select.
 * Every other route (regions, menus, logout …) needs a valid token, whatever the URL's spelling (the guard asks the
 * matched route, never `req.url`), and then passes the API-scope check on the canonical path (platform/api-scope.ts:
 * paths covered by the tenant's 接口权限 rules need a granted rule). Only the static files (STATIC_ROUTES) and the
 * weighing socket's upgrade route (token in the STOMP CONNECT frame) are public besides the four above.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { HEADERS } from '../../core/contract/common.ts';
import type { Db } from '../db/client.ts';
import { authSession, dept } from '../db/schema/index.ts';
import { checkApiScope } from './api-scope.ts';
import { ApiError, forbidden, unauthorized } from './r.ts';

export interface AuthUser {
  userId: string;
  tenantId: string;
  account: string;
  /** Role aliases (administrator, admin, user). */
  roles: string[];
  roleIds: string[];
  deptIds: string[];
  sessionId: string;
  clientId: string;
  /** Current-Dept-Id when sent and allowed, else the first of deptIds. */
  currentDeptId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

export interface AccessClaims {
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  client_id: string;
  sid: string;
  token_type: 'access_token';
}

export const JWT_ISSUER = 'loopyard';

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(JWT_ISSUER)
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

export function readToken(req: FastifyRequest): string | undefined {
  const header = req.headers['blade-auth'];
  const q = (req.query as Record<string, unknown> | undefined)?.['blade-auth'];
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof q === 'string' ? q : undefined);
  if (!raw) return undefined;
  const v = raw.trim();
  if (v.length > 7 && v.slice(0, 6).toLowerCase() === 'bearer') return v.slice(7).trim();
  return undefined;
}

const split = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export async function authenticate(req: FastifyRequest, db: Db, secret: Uint8Array): Promise<AuthUser> {
  const token = readToken(req);
  if (!token) throw unauthorized();
  return authenticateToken(token, db, secret);
}

/** Verifies a bare access token (no `bearer` prefix) as `authenticate` does; used by the STOMP CONNECT frame. */
export async function authenticateToken(token: string, db: Db, secret: Uint8Array): Promise<AuthUser> {
  const payload = await verifiedClaims(token, secret);
  if (payload.token_type !== 'access_token' || typeof payload.sid !== 'string' || !/^\d+$/.test(payload.sid)) {
    throw unauthorized();
  }
  if (!(await sessionIsLive(db, payload.sid, String(payload.user_id)))) throw unauthorized();
  const deptIds = split(payload.dept_id);
  return {
    userId: String(payload.user_id),
    tenantId: String(payload.tenant_id),
    account: String(payload.account),
    roles: split(payload.role_name),
    roleIds: split(payload.role_id),
    deptIds,
    sessionId: payload.sid,
    clientId: String(payload.client_id ?? ''),
    currentDeptId: deptIds[0] ?? '0',
  };
}

/**
 * Tokens that verified, per key, kept until they expire: the same string under the same key verifies the same way
 * every time, so the HMAC and the claim checks run once per token rather than once per request. Anything that did
 * not verify is not kept.
 */
const verified = new WeakMap<Uint8Array, Map<string, { payload: Record<string, unknown>; expMs: number }>>();

async function verifiedClaims(token: string, secret: Uint8Array): Promise<Record<string, unknown>> {
  let cache = verified.get(secret);
  if (!cache) {
    cache = new Map();
    verified.set(secret, cache);
  }
  const hit = cache.get(token);
  if (hit && Date.now() < hit.expMs) return hit.payload;
  if (hit) cache.delete(token);
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: JWT_ISSUER });
    if (typeof payload.exp === 'number') {
      if (cache.size >= 10_000) cache.clear();
      cache.set(token, { payload, expMs: payload.exp * 1000 });
    }
    return payload;
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) throw unauthorized();
    throw e;
  }
}

/**
 * Sessions found live, per database and sid, are trusted for SESSION_CHECK_MS before the row is read again: the
 * lookup was a third of an unfiltered page request's own SQL. Every revocation in this process (revokeFamily, and
 * sessionsRevoked() after the user-admin transactions) moves `revocations` on, which voids every entry at once, so
 * logout and disabling a user take effect immediately here; another server process on the same PostgreSQL sees a
 * revocation within SESSION_CHECK_MS (as the API-scope cache does).
 */
export const SESSION_CHECK_MS = 1000;
let revocations = 0;
const liveSessions = new WeakMap<Db, Map<string, { userId: string; at: number; revocations: number }>>();

/** Voids every cached live session (call after a revocation commits). */
export function sessionsRevoked(): void {
  revocations++;
}

async function sessionIsLive(db: Db, sid: string, userId: string): Promise<boolean> {
  let cache = liveSessions.get(db);
  if (!cache) {
    cache = new Map();
    liveSessions.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(sid);
  if (hit && hit.revocations === revocations && now - hit.at < SESSION_CHECK_MS) return hit.userId === userId;
  const seen = revocations;
  const s = await db
    .select({ userId: authSession.userId, revokedAt: authSession.revokedAt })
    .from(authSession)
    .where(eq(authSession.id, sid))
    .limit(1);
  const live = !!s[0] && !s[0].revokedAt;
  // a revocation while the row was read may not be in what it read: do not keep it
  if (live && seen === revocations) {
    if (cache.size >= 10_000) cache.clear();
    cache.set(sid, { userId: s[0].userId, at: now, revocations });
  }
  return live && s[0].userId === userId;
}

/** Current-Dept-Id must be one of the user's departments (any live dept of the tenant for administrator). */
export async function checkCurrentDept(req: FastifyRequest, db: Db, user: AuthUser): Promise<void> {
  const raw = req.headers[HEADERS.deptId.toLowerCase()];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!v || v === 'undefined' || v === 'null') return;
  if (!/^[1-9]\d{0,18}$/.test(v)) throw forbidden();
  if (user.deptIds.includes(v)) {
    user.currentDeptId = v;
    return;
  }
  if (user.roles.includes('administrator')) {
    const d = await db
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.id, v), eq(dept.tenantId, user.tenantId), eq(dept.isDeleted, 0)))
      .limit(1);
    if (d[0]) {
      user.currentDeptId = v;
      return;
    }
  }
  throw forbidden();
}

/**
 * Routes served by @fastify/static (the built entries and `/oss/**`): files, never data, so no token. Every other
 * route needs a token unless it was registered with `config: { public: true }` — whatever the request's spelling
 * (`/%61pi/…`, `//api/…`, a trailing slash): the router decides the route, and the route decides the guard.
 */
export const STATIC_ROUTES: ReadonlySet<string> = new Set(['/*', '/oss/*']);

/** True when the route (its registered pattern and config, not the request's URL) may be called without a token. */
export function routeIsPublic(url: string | undefined, config: { public?: boolean } | undefined): boolean {
  return !!config?.public || (url !== undefined && STATIC_ROUTES.has(url));
}

/**
 * The request's path as the router matched it: percent-decoded, duplicate slashes collapsed, no trailing slash.
 * The API-scope rules are tested against this, so `/ap%69/x` and `/api/x/` meet the same rules as `/api/x`.
 */
export function canonicalPath(rawUrl: string): string {
  let p = rawUrl.split('?')[0];
  try {
    p = decodeURIComponent(p);
  } catch {
    throw new ApiError(400, '请求路径格式错误');
  }
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

/**
 * The guard (an onRequest hook, so no body is read for a caller without a token): unknown routes (404, or the
 * HTML entry) and public routes pass; every other route needs a live token, an allowed Current-Dept-Id and the
 * API scope of the canonical path.
 */
export function makeGuard(db: Db, secret: Uint8Array) {
  return async function guard(req: FastifyRequest, _reply: FastifyReply) {
    if (req.is404) return;
    if (routeIsPublic(req.routeOptions.url, req.routeOptions.config)) return;
    const user = await authenticate(req, db, secret);
    req.user = user;
    await checkCurrentDept(req, db, user);
    await checkApiScope(db, user, canonicalPath(req.url), req.method);
  };
}

export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export const isAdmin = (u: AuthUser) => u.roles.includes('administrator') || u.roles.includes('admin');

/** Role check: answers 403 没有权限 (spec §8 wins over BladeX's 401). */
export function requireRoles(req: FastifyRequest, ...roles: string[]): AuthUser {
  const u = currentUser(req);
  if (!roles.some((r) => u.roles.includes(r))) throw new ApiError(403, '没有权限');
  return u;
}

/** Revoke every session of a family (logout, refresh-token reuse). */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(authSession)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSession.familyId, familyId), sql`${authSession.revokedAt} is null`));
  sessionsRevoked();
}
