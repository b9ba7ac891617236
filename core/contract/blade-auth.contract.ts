/**
 * blade-auth: OAuth token, captcha, logout, login-config (spec §7.1, DESIGN §4, bladex-contract §3 [BladeX]
 * flavour) — the interfaces (zod-free: the login page imports them as types only) and the descriptors `AUTH`
 * (server/modules/blade-auth/*.ts). The first page load must not pull zod: the login screen and the session keep
 * calling through core/api/blade-auth.api.ts, which uses the zod-free AUTH_PATHS and these types; the descriptors
 * are the server's contract, the OpenAPI text and the coverage test's record (their paths are AUTH_PATHS).
 */
import { z } from 'zod';
import { AUTH_PATHS } from './auth-paths.ts';
import { endpoint } from './endpoint.ts';

// the paths live in a zod-free module the first page load imports (wire.ts explains why)
export { AUTH_PATHS } from './auth-paths.ts';

export const grantTypes = ['password', 'captcha', 'refresh_token'] as const;
export type GrantType = (typeof grantTypes)[number];

/** Query of POST /oauth/token. The password is md5(plain) as 32 lower-case hex. */
export const tokenQuerySchema = z.object({
  grant_type: z.enum(grantTypes, { error: '不支持的授权类型' }),
  tenantId: z.string().optional(),
  tenant: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  type: z.string().optional(),
});
export type TokenQuery = z.infer<typeof tokenQuerySchema>;

/** Success answer: a bare snake_case object (not wrapped in R). */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  nick_name: string;
  avatar: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  license: string;
}

/** Failure answer of the token endpoint: shown as a toast, nothing stored (spec §4). */
export interface TokenError {
  error_code: number;
  error_description: string;
}

/** GET /oauth/captcha answers bare `{ key, image }`; image is a data URL. */
export interface CaptchaResponse {
  key: string;
  image: string;
}

/** R data of GET /oauth/login-config. */
export interface LoginConfig {
  captchaMode: boolean;
  tenantMode: boolean;
  defaultTenantId: string;
  productTitle: string;
  version: string;
}

// ── descriptors ────────────────────────────────────────────────────────────────────────────────────────────────

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  tenant_id: z.string(),
  user_id: z.string(),
  account: z.string(),
  user_name: z.string(),
  real_name: z.string(),
  nick_name: z.string(),
  avatar: z.string(),
  role_id: z.string(),
  role_name: z.string(),
  dept_id: z.string(),
  post_id: z.string(),
  license: z.string(),
}) satisfies z.ZodType<TokenResponse>;

export const tokenErrorSchema = z.object({
  error_code: z.number().int(),
  error_description: z.string(),
}) satisfies z.ZodType<TokenError>;

/**
 * The token request's fields, read from the query and the (form or JSON) body together. Nothing is refused here
 * (the handler checks the merged fields with `tokenQuerySchema`): an unknown grant answers BladeX's own `{ error_code: 400, error_description: 不支持的授权类型 }`
 * (the handler checks `tokenQuerySchema`), never the R-shaped 400 of a descriptor's parse.
 */
const tokenInput = z.looseObject(
  Object.fromEntries(
    ['grant_type', 'tenantId', 'tenant', 'username', 'password', 'refresh_token', 'scope', 'type'].map((k) => [
      k,
      z.unknown().optional(),
    ]),
  ),
);
const anyObject = (s: typeof tokenInput) => z.preprocess((v) => (v && typeof v === 'object' ? v : {}), s);

export const captchaSchema = z.object({ key: z.string(), image: z.string() }) satisfies z.ZodType<CaptchaResponse>;

export const loginConfigSchema = z.object({
  captchaMode: z.boolean(),
  tenantMode: z.boolean(),
  defaultTenantId: z.string(),
  productTitle: z.string(),
  version: z.string(),
}) satisfies z.ZodType<LoginConfig>;

export const AUTH = {
  token: endpoint({
    method: 'POST',
    path: AUTH_PATHS.token,
    summary: '登录 / 刷新令牌（Basic 客户端认证；password、captcha、refresh_token）',
    query: anyObject(tokenInput),
    body: anyObject(tokenInput),
    answer: z.union([tokenResponseSchema, tokenErrorSchema]),
    isPublic: true,
    wire: 'bare',
  }),
  captcha: endpoint({
    method: 'GET',
    path: AUTH_PATHS.captcha,
    summary: '图形验证码（5 分钟内有效，用一次即失效）',
    answer: captchaSchema,
    isPublic: true,
    wire: 'bare',
  }),
  logout: endpoint({
    method: 'GET',
    path: AUTH_PATHS.logout,
    summary: '退出登录（吊销本次会话的令牌族）',
    answer: z.null(),
  }),
  loginConfig: endpoint({
    method: 'GET',
    path: AUTH_PATHS.loginConfig,
    summary: '登录页配置（验证码、租户模式、标题、版本；公开）',
    answer: loginConfigSchema,
    isPublic: true,
    provides: ['LoginConfig'],
    silent: true,
  }),
};
