/** blade-auth: OAuth token, captcha, logout (spec §7.1, DESIGN §4, bladex-contract §3 [BladeX] flavour). */
import { z } from 'zod';

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
