import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import { setUnauthorizedHandler } from '../api/base-query.ts';
import { type PermissionsState, permissionsSlice } from '../permissions/permissions-slice.ts';
import { getAccessToken, getRefreshToken } from '../session/cookies.ts';
import { initialSessionState, type SessionState, sessionSlice } from '../session/session-slice.ts';
import { initialSettings, type SettingsState, settingsSlice } from '../settings/settings-slice.ts';
import { initialTabsState, type TabsState, tabsSlice } from '../tabs/tabs-slice.ts';
import { loadPersisted, savePersisted } from './persist.ts';

export const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  settings: settingsSlice.reducer,
  tabs: tabsSlice.reducer,
  permissions: permissionsSlice.reducer,
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
    store.subscribe(() => {
      if (timer) return;
      timer = setTimeout(() => {
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
      }, 200);
    });
  }
  if (options.onUnauthorized) {
    const handler = options.onUnauthorized;
    setUnauthorizedHandler(() => handler(store));
  }
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
