import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import { setUnauthorizedHandler } from '../api/base-query.ts';
import { bizCacheSlice } from '../biz-cache/biz-cache.ts';
import { type PermissionsState, permissionsSlice } from '../permissions/permissions-slice.ts';
import { getAccessToken, getRefreshToken } from '../session/cookies.ts';
import { defaultDeptId, splitRoles } from '../session/default-dept.ts';
import { initialSessionState, type SessionState, sessionSlice } from '../session/session-slice.ts';
import { claimsFromAccessToken, issuedAtMs } from '../session/token-claims.ts';
import { initialSettings, type SettingsState, settingsSlice } from '../settings/settings-slice.ts';
import { initialTabsState, type TabsState, tabsSlice } from '../tabs/tabs-slice.ts';
import { loadPersisted, savePersisted } from './persist.ts';

export const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  settings: settingsSlice.reducer,
  tabs: tabsSlice.reducer,
  permissions: permissionsSlice.reducer,
  bizCache: bizCacheSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What goes to localStorage: everything but the tokens, the routes-loaded flag and the device. */
interface PersistedShape {
  session: Omit<SessionState, 'token' | 'refreshToken' | 'routesLoaded'>;
  settings: Omit<SettingsState, 'sidebarOpened' | 'device'>;
  tabs: TabsState;
  permissions: PermissionsState;
}

function persistedSlice(state: RootState): PersistedShape {
  const { token: _t, refreshToken: _r, routesLoaded: _l, ...session } = state.session;
  const { sidebarOpened: _o, device: _d, ...settings } = state.settings;
  return { session, settings, tabs: state.tabs, permissions: state.permissions };
}

/** Initial state from cookies (tokens, sidebar) and localStorage (the rest). */
export function hydrate(): Partial<RootState> {
  const saved = loadPersisted<PersistedShape>();
  const token = getAccessToken() ?? '';
  const session: SessionState = {
    ...initialSessionState,
    ...(token ? saved?.session : {}), // without a token cookie, stored session state is stale
    token,
    refreshToken: getRefreshToken() ?? '',
    routesLoaded: false,
  };
  if (token && !session.userInfo) {
    // Stored state missing while the cookie lives (reload within the persist delay, cleared storage):
    // fall back to the token's claims so roles and the default department are right (spec §6 user-info step).
    const claims = claimsFromAccessToken(token);
    if (claims) {
      session.userInfo = { ...claims, token_type: 'bearer', expires_in: 0, nick_name: '', avatar: '', license: '' };
      session.roles = splitRoles(claims.role_name);
      session.tenantId = claims.tenant_id || session.tenantId;
      session.defaultDeptId = defaultDeptId(claims.dept_id);
    }
  }
  if (token && !saved?.session) session.tokenTime = issuedAtMs(token) ?? 0;
  return {
    session,
    settings: { ...initialSettings(), ...saved?.settings },
    tabs: token && saved?.tabs ? saved.tabs : initialTabsState,
    permissions: token && saved?.permissions ? saved.permissions : { map: null },
  };
}

export interface CreateStoreOptions {
  preloadedState?: Partial<RootState>;
  /** Read/write localStorage and cookies (off in unit tests). */
  persist?: boolean;
  /** Called on a 401 answer (reset token + login). */
  onUnauthorized?: (store: AppStore) => void;
}

/** The one store factory every entry uses (DESIGN §6). */
export function createAppStore(options: CreateStoreOptions = {}) {
  const persist = options.persist ?? true;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState ?? (persist ? hydrate() : undefined),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  if (persist) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: PersistedShape | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const next = persistedSlice(store.getState());
      if (
        !last ||
        next.session !== last.session ||
        next.settings !== last.settings ||
        next.tabs !== last.tabs ||
        next.permissions !== last.permissions
      ) {
        savePersisted(next);
        last = next;
      }
    };
    store.subscribe(() => {
      if (!timer) timer = setTimeout(flush, 200);
    });
    // a reload or tab close inside the 200 ms window must not drop the session (it would keep the cookie only)
    globalThis.addEventListener?.('pagehide', flush);
  }
  if (options.onUnauthorized) {
    const handler = options.onUnauthorized;
    setUnauthorizedHandler(() => handler(store));
  }
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
