import type { TokenResponse } from '../contract/blade-auth.contract.ts';

type Claims = Pick<
  TokenResponse,
  'tenant_id' | 'user_id' | 'account' | 'user_name' | 'real_name' | 'role_id' | 'role_name' | 'dept_id' | 'post_id'
>;

/**
 * The access token's own claims (the server signs tenant_id, user_id, account, role_name, dept_id… into it).
 * Used only as a fallback for the session's user info when the stored copy is missing — e.g. the page was
 * reloaded before state reached localStorage, or storage was cleared while the cookie stayed. The server still
 * verifies every call; nothing here is trusted for access decisions beyond which menus to draw.
 */
export function claimsFromAccessToken(token: string): Claims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const p = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    if (typeof p.user_id !== 'string' && typeof p.user_id !== 'number') return null;
    const s = (k: string) => (p[k] === undefined || p[k] === null ? '' : String(p[k]));
    return {
      tenant_id: s('tenant_id'),
      user_id: s('user_id'),
      account: s('account'),
      user_name: s('user_name'),
      real_name: s('real_name'),
      role_id: s('role_id'),
      role_name: s('role_name'),
      dept_id: s('dept_id'),
      post_id: s('post_id'),
    };
  } catch {
    return null;
  }
}
