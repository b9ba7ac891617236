/**
 * blade-auth's paths (re-exported by blade-auth.contract.ts) and the sign-in request's query: zod-free for the first
 * page load (see wire.ts), and what the browser tests sign in with (tests/e2e/helpers.ts).
 */
export const AUTH_PATHS = {
  token: '/api/blade-auth/oauth/token',
  captcha: '/api/blade-auth/oauth/captcha',
  logout: '/api/blade-auth/oauth/logout',
  userInfo: '/api/blade-auth/oauth/user-info',
  /** Public: what the login page needs before sign-in (captcha mode, tenant mode, title, version). */
  loginConfig: '/api/blade-auth/oauth/login-config',
} as const;

export interface LoginArgs {
  tenantId: string;
  username: string;
  /** md5 hex of the plain password. */
  password: string;
  captchaMode: boolean;
  captchaKey?: string;
  captchaCode?: string;
}

/** Query of POST /oauth/token (spec §7.1). */
export function loginParams(a: LoginArgs) {
  return {
    tenantId: a.tenantId,
    username: a.username,
    password: a.password,
    grant_type: a.captchaMode ? 'captcha' : 'password',
    scope: 'all',
    type: 'account',
  };
}
