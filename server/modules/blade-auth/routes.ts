/**
 * blade-auth (spec §7.1, DESIGN §4, bladex-contract §3 BladeX flavour) on the descriptors `AUTH`
 * (core/contract/blade-auth.contract.ts), one file per path: token.ts (password | captcha | refresh_token),
 * captcha.ts, logout.ts, login-config.ts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../platform/endpoint.ts';
import { handleCaptcha } from './captcha.ts';
import { handleLoginConfig } from './login-config.ts';
import { handleLogout } from './logout.ts';
import { type AuthDeps, handleToken } from './token.ts';

export { LOCK_WINDOW_MINUTES, MAX_FAILURES } from '../../platform/login-lock.ts';
export { CAPTCHA_TTL_MS } from './captcha.ts';
export { type AuthDeps, clientAddress, SIGN_IN_THROTTLE } from './token.ts';

export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const r = endpoints(app, deps.db);
  handleToken(r, app, deps);
  handleCaptcha(r, deps.db);
  handleLogout(r, deps.db);
  handleLoginConfig(r, deps.captchaMode);
}
