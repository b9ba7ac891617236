import { api } from '../api/api.ts';
import { bladeAuthApi } from '../api/blade-auth.api.ts';
import type { TokenResponse } from '../contract/blade-auth.contract.ts';
import { APP_VERSION } from '../contract/wire.ts';
import { buildPermissionMap, permissionsActions } from '../permissions/permissions-slice.ts';
import { loginPathFor } from '../router/guard.ts';
import { currentPath, navigateTo } from '../router/navigation.ts';
import { settingsActions } from '../settings/settings-slice.ts';
import { clearPersisted } from '../store/persist.ts';
import type { AppDispatch, AppStore, RootState } from '../store/store.ts';
import { tabsActions } from '../tabs/tabs-slice.ts';
import { isSystemConfigMissing, SHELL_MESSAGES } from './client-messages.ts';
import { removeTokenCookies, setTokenCookies } from './cookies.ts';
import { createRefreshTimer } from './refresh-timer.ts';
import { loadSiteInfo } from './server-clock.ts';
import { sessionActions } from './session-slice.ts';

type Thunk<R = void> = (dispatch: AppDispatch, getState: () => RootState) => R;

/**
 * Spec §4 "Reset token": clears cookies, tokens, menus, roles, the authority (routes-loaded) flag,
 * permissions, state and the stored version.
 */
export const resetToken = (): Thunk => (dispatch) => {
  removeTokenCookies();
  dispatch(sessionActions.sessionReset());
  dispatch(permissionsActions.clearPermissions());
  dispatch(settingsActions.setVersion(APP_VERSION));
  dispatch(api.util.resetApiState());
  clearPersisted();
};

/** Login success (spec §4): store tokens, roles, tenant and user info. */
export const completeLogin =
  (token: TokenResponse): Thunk =>
  (dispatch) => {
    setTokenCookies(token.access_token, token.refresh_token);
    dispatch(tabsActions.clearViews());
    dispatch(sessionActions.loggedIn({ token, now: Date.now() }));
  };

/**
 * Loads the permission routes (menu + buttons) and the account-check status.
 * Resolves true on success; the guard treats false as "load failed" (spec §2.1 rule 4).
 */
export const loadSession = (): Thunk<Promise<boolean>> => async (dispatch, getState) => {
  // the system and finance API slices (and their zod contracts) load after sign-in, not with the login page
  let apis: [typeof import('../api/blade-system.api.ts'), typeof import('../api/izs-financing.api.ts')];
  try {
    apis = await Promise.all([import('../api/blade-system.api.ts'), import('../api/izs-financing.api.ts')]);
  } catch {
    return false;
  }
  const [{ bladeSystemApi }, { accountSetsApi }] = apis;
  const routes = dispatch(bladeSystemApi.endpoints.menuRoutes.initiate(undefined, { forceRefetch: true }));
  const buttons = dispatch(bladeSystemApi.endpoints.menuButtons.initiate(undefined, { forceRefetch: true }));
  try {
    // the server's business day is known before any screen computes a default date range
    const [menu, btns] = await Promise.all([routes.unwrap(), buttons.unwrap(), loadSiteInfo()]);
    dispatch(permissionsActions.setPermissions(buildPermissionMap(btns)));
    const deptId = getState().session.defaultDeptId;
    const check = dispatch(accountSetsApi.endpoints.accountSetsCheck.initiate({ deptId }, { forceRefetch: true }));
    check
      .unwrap()
      .then((status) => dispatch(sessionActions.setCheckAccountStatus(status)))
      .catch(() => undefined) // the check is advisory; without it accounting pages behave as normal
      .finally(() => check.unsubscribe());
    dispatch(sessionActions.menuLoaded(menu));
    void dispatch(checkSystemConfig());
    return true;
  } catch {
    return false;
  } finally {
    routes.unsubscribe();
    buttons.unsubscribe();
  }
};

/** Spec §4 logout: call the logout endpoint, reset the token, close all tabs, reset routes, go to login. */
export const logout = (): Thunk<Promise<void>> => async (dispatch) => {
  const to = loginPathFor(currentPath());
  const call = dispatch(bladeAuthApi.endpoints.logout.initiate());
  await call.unwrap().catch(() => undefined);
  dispatch(resetToken()); // also clears the routes-loaded flag and the default book (accountSetId)
  dispatch(tabsActions.clearViews());
  navigateTo(to, { replace: true });
};

/** Spec §8: the desktop client says a new version is installed — alert, then the login page (signed out). */
export function handleVersionUpdated(store: AppStore, alert: (m: string) => void = (m) => window.alert(m)): void {
  alert(SHELL_MESSAGES.versionUpdated);
  store.dispatch(resetToken());
  store.dispatch(tabsActions.clearViews());
  navigateTo('/login', { replace: true });
}

/**
 * Spec §8: the organisation's system config (业务配置, GET system-business-config/detail-dept) is read once the
 * session loads; when the server has none, alert 'please contact administrator to set system config' and log
 * out. A config the server answers with its defaults (never saved) is a config. A failed request is no verdict.
 */
export const checkSystemConfig =
  (alert: (m: string) => void = (m) => window.alert(m)): Thunk<Promise<boolean>> =>
  async (dispatch, getState) => {
    const deptId = getState().session.defaultDeptId;
    if (!deptId) return true;
    const { baseConfigApi } = await import('../api/izs-base.api.ts');
    const q = dispatch(baseConfigApi.endpoints.baseConfigBusinessDetail.initiate({ deptId }, { forceRefetch: true }));
    try {
      const r = await q;
      if (r.isError) return true;
      if (isSystemConfigMissing(r.data)) {
        alert(SHELL_MESSAGES.missingSystemConfig);
        await dispatch(logout());
        return false;
      }
      const id = (r.data as { id?: string | null }).id;
      dispatch(sessionActions.setSystemConfig({ id: id ? String(id) : '' }));
      return true;
    } finally {
      q.unsubscribe();
    }
  };

/** 401 answer: reset the token and go to login (spec §8). */
export function handleUnauthorized(store: AppStore): void {
  if (!store.getState().session.token) return;
  store.dispatch(resetToken());
  store.dispatch(tabsActions.clearViews());
  navigateTo(loginPathFor(currentPath()), { replace: true });
}

/** Starts the 10 s token-refresh timer for a store; returns stop. */
export function startTokenRefresh(store: AppStore): () => void {
  const timer = createRefreshTimer({
    read: () => {
      const s = store.getState().session;
      return {
        hasToken: !!s.token,
        hasRefreshToken: !!s.refreshToken,
        tokenTime: s.tokenTime,
        refreshToken: s.refreshToken,
        tenantId: s.tenantId,
      };
    },
    refresh: (refreshToken, tenantId) =>
      store.dispatch(bladeAuthApi.endpoints.refreshToken.initiate({ refreshToken, tenantId })).unwrap(),
    onSuccess: (token) => {
      setTokenCookies(token.access_token, token.refresh_token);
      store.dispatch(sessionActions.tokenRefreshed({ token, now: Date.now() }));
    },
    onFailure: () => {
      const to = loginPathFor(currentPath());
      store.dispatch(resetToken());
      navigateTo(to, { replace: true });
    },
  });
  return timer.start();
}
