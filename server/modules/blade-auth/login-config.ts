/** `GET /api/blade-auth/oauth/login-config` (AUTH.loginConfig, public): what the login page needs before sign-in. */
import { AUTH } from '../../../core/contract/blade-auth.contract.ts';
import { APP_VERSION, DEFAULT_TENANT_ID, PRODUCT_TITLE } from '../../../core/contract/common.ts';
import type { endpoints } from '../../platform/endpoint.ts';

export function handleLoginConfig(r: ReturnType<typeof endpoints>, captchaMode: boolean): void {
  r.handle(AUTH.loginConfig, () => ({
    captchaMode,
    tenantMode: true,
    defaultTenantId: DEFAULT_TENANT_ID,
    productTitle: PRODUCT_TITLE,
    version: APP_VERSION,
  }));
}
