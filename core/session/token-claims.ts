import type { TokenResponse } from '../contract/blade-auth.contract.ts';

type Claims = Pick<
  TokenResponse,
  'tenant_id' | 'user_id' | 'account' | 'user_name' | 'real_name' | 'role_id' | 'role_name' | 'dept_id' | 'post_id'
>;

/** The JSON payload of a JWT (base64url, UTF-8), or null when it is not one. Nothing is verified. */
function payloadOf(token: string): Record<string, unknown> | null {
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
    const p: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return p && typeof p === 'object' ? (p as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The access token's own claims (the server signs tenant_id, user_id, account, role_name, dept_id… into it).
 * Used only as a fallback for the session's user info when the stored copy is missing — e.g. the page was
 * reloaded before state reached localStorage, or storage was cleared while the cookie stayed. The server still
 * verifies every call; nothing here is trusted for access decisions beyond which menus to draw.
 */
export function claimsFromAccessToken(token: string): Claims | null {
  const p = payloadOf(token);
  if (!p || (typeof p.user_id !== 'string' && typeof p.user_id !== 'number')) return null;
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
}

/**
 * When the access token was issued (its `iat`, ms), or null: the token's age for the refresh timer when the stored
 * session is missing — without it the age counted from 1970 and the first tick (10 s) refreshed a fresh token.
 */
export function issuedAtMs(token: string): number | null {
  const iat = payloadOf(token)?.iat;
  return typeof iat === 'number' && Number.isFinite(iat) && iat > 0 ? iat * 1000 : null;
}
