/**
 * `POST /api/blade-auth/oauth/token` (AUTH.token, spec §7.1, bladex-contract §3 BladeX flavour): password, captcha
 * and refresh_token grants behind Basic client authentication. A bare answer (the token object; failures
 * `{ error_code, error_description }` with HTTP 400 / 401 / 429), the account lock (login-lock.ts) and the
 * per-address sign-in throttle (SIGN_IN_THROTTLE).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUTH,
  type TokenError,
  type TokenResponse,
  tokenQuerySchema,
} from '../../../core/contract/blade-auth.contract.ts';
import { DEFAULT_TENANT_ID } from '../../../core/contract/common.ts';
import type { Db, Executor } from '../../db/client.ts';
import { authSession, captcha, client, role, tenant, user } from '../../db/schema/index.ts';
import { revokeFamily, signAccessToken } from '../../platform/auth.ts';
import { verifyClientSecret } from '../../platform/client-secret.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { attemptSucceeded, claimAttempt } from '../../platform/login-lock.ts';
import { hashPassword, sha256hex, verifyPassword } from '../../platform/password.ts';

export interface AuthDeps {
  db: Db;
  secret: Uint8Array;
  captchaMode: boolean;
}

/**
 * Failed sign-ins per client address (any account, unknown names and wrong captchas included), with delays that
 * grow tier by tier: past 20 failures in a minute the address waits out the minute, past 60 in 15 minutes the
 * quarter hour, past 200 in a day the day (429 登录尝试过于频繁，请…后再试). Counted in @fastify/rate-limit with the
 * database store of platform/rate-limit-store.ts, so every process shares the counts (as the account lock does).
 */
export const SIGN_IN_THROTTLE = [
  { max: 20, windowMs: 60_000 },
  { max: 60, windowMs: 15 * 60_000 },
  { max: 200, windowMs: 24 * 60 * 60_000 },
] as const;

class TokenFailure extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const tokenFail = (msg: string, status = 400) => new TokenFailure(status, msg);

type ClientRow = typeof client.$inferSelect;
type UserRow = typeof user.$inferSelect;

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
}

async function authenticateClient(db: Db, req: FastifyRequest): Promise<ClientRow> {
  const auth = header(req, 'authorization') ?? '';
  const m = /^basic(?:\s+|%20)(.+)$/i.exec(auth);
  if (!m) throw tokenFail('客户端认证失败', 401);
  let decoded = '';
  try {
    decoded = Buffer.from(m[1].trim(), 'base64').toString('utf8');
  } catch {
    throw tokenFail('客户端认证失败', 401);
  }
  const i = decoded.indexOf(':');
  if (i <= 0) throw tokenFail('客户端认证失败', 401);
  const id = decoded.slice(0, i);
  const secret = decoded.slice(i + 1);
  const rows = await db
    .select()
    .from(client)
    .where(and(eq(client.clientId, id), eq(client.isDeleted, 0), eq(client.status, 1)))
    .limit(1);
  if (!rows[0] || !verifyClientSecret(rows[0].clientSecret, secret)) throw tokenFail('客户端认证失败', 401);
  return rows[0];
}

async function checkCaptcha(db: Db, req: FastifyRequest): Promise<void> {
  const key = header(req, 'captcha-key');
  const code = header(req, 'captcha-code');
  if (!key || !code) throw tokenFail('验证码不正确');
  // Consumed on first use, right or wrong (get-and-delete), so one image allows one try.
  const rows = await db.delete(captcha).where(eq(captcha.key, key)).returning();
  const row = rows[0];
  if (!row) throw tokenFail('验证码不正确');
  if (row.expiresAt.getTime() < Date.now()) throw tokenFail('验证码已过期');
  if (row.answer.toLowerCase() !== code.toLowerCase()) throw tokenFail('验证码不正确');
}

async function roleAliases(ex: Executor, tenantId: string, roleIds: string): Promise<string[]> {
  const ids = roleIds.split(',').filter((s) => /^\d+$/.test(s));
  if (!ids.length) return [];
  const rows = await ex
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(
      and(
        eq(role.tenantId, tenantId),
        eq(role.isDeleted, 0),
        sql`${role.id} in (${sql.join(
          ids.map((i) => sql`${i}::bigint`),
          sql`, `,
        )})`,
      ),
    );
  return ids.map((id) => rows.find((r) => r.id === id)?.alias).filter((a): a is string => !!a);
}

async function issueTokens(
  deps: AuthDeps,
  ex: Executor,
  req: FastifyRequest,
  u: UserRow,
  c: ClientRow,
  familyId: string,
  parentId: string | null,
): Promise<TokenResponse> {
  const refresh = randomBytes(32).toString('base64url');
  const now = Date.now();
  const inserted = await ex
    .insert(authSession)
    .values({
      familyId,
      parentId,
      tenantId: u.tenantId,
      userId: u.id,
      clientId: c.clientId,
      refreshHash: sha256hex(refresh),
      refreshExpiresAt: new Date(now + c.refreshTokenValidity * 1000),
      accessExpiresAt: new Date(now + c.accessTokenValidity * 1000),
      ip: (req.ip ?? '').slice(0, 64),
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
    })
    .returning({ id: authSession.id });
  const aliases = await roleAliases(ex, u.tenantId, u.roleId);
  const access = await signAccessToken(
    deps.secret,
    {
      tenant_id: u.tenantId,
      user_id: u.id,
      account: u.account,
      user_name: u.account,
      real_name: u.realName,
      role_id: u.roleId,
      role_name: aliases.join(','),
      dept_id: u.deptId,
      post_id: u.postId,
      client_id: c.clientId,
      sid: inserted[0].id,
      token_type: 'access_token',
    },
    c.accessTokenValidity,
  );
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: c.accessTokenValidity,
    tenant_id: u.tenantId,
    user_id: u.id,
    account: u.account,
    user_name: u.account,
    real_name: u.realName,
    nick_name: u.name || u.realName,
    avatar: u.avatar,
    role_id: u.roleId,
    role_name: aliases.join(','),
    dept_id: u.deptId,
    post_id: u.postId,
    license: 'powered by loopyard',
  };
}

/** The client address the lock and the throttle count (a forwarded address only from a trusted proxy). */
export function clientAddress(req: FastifyRequest): string {
  const ip = req.ip ?? '';
  return isIP(ip) ? ip.slice(0, 64) : 'unknown';
}

/** argon2id of a random value: an unknown account costs the same verification time as a known one. */
let decoy: Promise<string> | undefined;
const decoyHash = () => {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
};

async function passwordGrant(
  deps: AuthDeps,
  req: FastifyRequest,
  q: Record<string, string | undefined>,
  c: ClientRow,
): Promise<TokenResponse> {
  const { db } = deps;
  const tenantId = (q.tenantId || header(req, 'tenant-id') || DEFAULT_TENANT_ID).slice(0, 12);
  const t = await db
    .select({ status: tenant.status })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
    .limit(1);
  if (t[0]?.status !== 1) throw tokenFail('租户不存在');
  if (deps.captchaMode) await checkCaptcha(db, req);
  const account = (q.username ?? '').trim().slice(0, 45);
  const password = (q.password ?? '').trim().toLowerCase();
  if (!account || !password) throw tokenFail('用户名或密码不正确');
  const found = await db
    .select()
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)))
    .limit(1);
  const u = found[0];
  if (!u) {
    // nothing recorded for a name that is no account (the address throttle counts it)
    await verifyPassword(await decoyHash(), password);
    throw tokenFail('用户名或密码不正确');
  }
  const attempt = await claimAttempt(db, { tenantId, userId: u.id, account, ip: clientAddress(req) });
  if (!attempt) throw tokenFail('登录失败次数过多，请15分钟后再试');
  if (!(await verifyPassword(u.password, password))) throw tokenFail('用户名或密码不正确');
  if (u.status !== 1) {
    await attemptSucceeded(db, attempt); // the password was right: no failure to count
    throw tokenFail('账号已停用');
  }
  return db.transaction(async (tx) => {
    await attemptSucceeded(tx, attempt);
    return issueTokens(deps, tx, req, u, c, randomUUID(), null);
  });
}

async function refreshGrant(
  deps: AuthDeps,
  req: FastifyRequest,
  q: Record<string, string | undefined>,
  c: ClientRow,
): Promise<TokenResponse> {
  const { db } = deps;
  const token = (q.refresh_token ?? '').trim();
  if (!token) throw tokenFail('刷新令牌无效，请重新登录', 401);
  const h = sha256hex(token);
  // Atomic claim: only one caller can use a refresh token (several processes may race).
  const claimed = await db
    .update(authSession)
    .set({ refreshUsedAt: sql`now()` })
    .where(
      and(
        eq(authSession.refreshHash, h),
        sql`${authSession.refreshUsedAt} is null`,
        sql`${authSession.revokedAt} is null`,
        gt(authSession.refreshExpiresAt, sql`now()`),
      ),
    )
    .returning();
  const s = claimed[0];
  if (!s) {
    const known = await db.select().from(authSession).where(eq(authSession.refreshHash, h)).limit(1);
    if (known[0] && (known[0].refreshUsedAt || known[0].revokedAt)) {
      // Reuse of a rotated token: someone holds a copy. Revoke the whole family.
      await revokeFamily(db, known[0].familyId);
    }
    throw tokenFail('刷新令牌已失效，请重新登录', 401);
  }
  if (s.clientId !== c.clientId) throw tokenFail('客户端认证失败', 401);
  const found = await db
    .select()
    .from(user)
    .where(and(eq(user.id, s.userId), eq(user.tenantId, s.tenantId), eq(user.isDeleted, 0)))
    .limit(1);
  const u = found[0];
  if (u?.status !== 1) {
    await revokeFamily(db, s.familyId);
    throw tokenFail(u ? '账号已停用' : '用户名或密码不正确', 401);
  }
  return issueTokens(deps, db, req, u, c, s.familyId, s.id);
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** AUTH.token: the grants, the address throttle (password grants only) and BladeX's bare failure answer. */
export function handleToken(r: ReturnType<typeof endpoints>, app: FastifyInstance, deps: AuthDeps): void {
  const { db } = deps;
  const throttles = SIGN_IN_THROTTLE.map((tier, i) =>
    app.createRateLimit({
      max: tier.max,
      timeWindow: tier.windowMs,
      keyGenerator: (req) => `sign-in:${i}:${clientAddress(req)}`,
    }),
  );
  /** Refuses an address past a tier (429 with the wait); consumes nothing. */
  const throttled = async (req: FastifyRequest) => {
    for (const check of throttles) {
      const s = await check(req, { increment: false });
      if (!s.isAllowed && s.remaining === 0 && s.ttl > 0) {
        throw tokenFail(`登录尝试过于频繁，请${minutes(s.ttl)}分钟后再试`, 429);
      }
    }
  };
  /** One more failed sign-in of the address, in every tier. */
  const failed = async (req: FastifyRequest) => {
    for (const check of throttles) await check(req);
  };

  r.handle(AUTH.token, async ({ query, body, req, reply }): Promise<TokenResponse | TokenError> => {
    try {
      const parsed = tokenQuerySchema.safeParse({ ...body, ...query });
      if (!parsed.success) throw tokenFail('不支持的授权类型');
      const q = parsed.data as Record<string, string | undefined> & { grant_type: string };
      const c = await authenticateClient(db, req);
      const allowed = c.authorizedGrantTypes.split(',').map((s) => s.trim());
      if (!allowed.includes(q.grant_type)) throw tokenFail('不支持的授权类型');
      let answer: TokenResponse;
      if (q.grant_type === 'refresh_token') answer = await refreshGrant(deps, req, q, c);
      else {
        await throttled(req);
        try {
          answer = await passwordGrant(deps, req, q, c);
        } catch (e) {
          if (e instanceof TokenFailure) await failed(req);
          throw e;
        }
      }
      reply.header('cache-control', 'no-store');
      return answer;
    } catch (e) {
      if (e instanceof TokenFailure) {
        reply.code(e.status);
        return { error_code: e.status, error_description: e.message };
      }
      throw e;
    }
  });
}
