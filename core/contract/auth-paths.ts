/** blade-auth paths (re-exported by blade-auth.contract.ts; zod-free for the first page load, see wire.ts). */
export const AUTH_PATHS = {
  token: '/api/blade-auth/oauth/token',
  captcha: '/api/blade-auth/oauth/captcha',
  logout: '/api/blade-auth/oauth/logout',
  userInfo: '/api/blade-auth/oauth/user-info',
  /** Public: what the login page needs before sign-in (captcha mode, tenant mode, title, version). */
  loginConfig: '/api/blade-auth/oauth/login-config',
} as const;
