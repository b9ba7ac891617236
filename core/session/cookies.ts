import Cookies from 'js-cookie';

/** Token cookies (spec §9: 365 days). The visual entry reads the same access-token cookie. */
export const ACCESS_TOKEN_COOKIE = 'loopyard-access-token';
export const REFRESH_TOKEN_COOKIE = 'loopyard-refresh-token';
export const TOKEN_COOKIE_DAYS = 365;

export function getAccessToken(): string | undefined {
  return Cookies.get(ACCESS_TOKEN_COOKIE) || undefined;
}
export function getRefreshToken(): string | undefined {
  return Cookies.get(REFRESH_TOKEN_COOKIE) || undefined;
}
export function setTokenCookies(access: string, refresh: string): void {
  Cookies.set(ACCESS_TOKEN_COOKIE, access, { expires: TOKEN_COOKIE_DAYS, sameSite: 'lax' });
  Cookies.set(REFRESH_TOKEN_COOKIE, refresh, { expires: TOKEN_COOKIE_DAYS, sameSite: 'lax' });
}
export function removeTokenCookies(): void {
  Cookies.remove(ACCESS_TOKEN_COOKIE);
  Cookies.remove(REFRESH_TOKEN_COOKIE);
}
