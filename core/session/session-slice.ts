import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TokenResponse } from '../contract/blade-auth.contract.ts';
import type { MenuNode } from '../contract/blade-system.contract.ts';
import { DEFAULT_TENANT_ID } from '../contract/wire.ts';
import { defaultDeptId, splitRoles } from './default-dept.ts';

/** Printer config of spec §3: mode from printType (default 1), devices from printDevice/2/3. */
export interface PrinterConfig {
  mode: number;
  weight: string;
  statement: string;
  finance: string;
}
export const DEFAULT_PRINTER: PrinterConfig = { mode: 1, weight: '', statement: '', finance: '' };

export function printerFromServer(d: {
  printType?: number | string | null;
  printDevice?: string | null;
  printDevice2?: string | null;
  printDevice3?: string | null;
}): PrinterConfig {
  return {
    mode: d.printType ? Number(d.printType) : 1,
    weight: d.printDevice ?? '',
    statement: d.printDevice2 ?? '',
    finance: d.printDevice3 ?? '',
  };
}

/** userInfo of spec §3: the login answer without its tokens (tokens live only in cookies). */
export type SessionUser = Omit<TokenResponse, 'access_token' | 'refresh_token'>;

export interface SessionState {
  /** Access token mirror of the cookie (so components re-render on sign-in/out). */
  token: string;
  refreshToken: string;
  /** ms timestamp when the current token was stored (refresh timer, spec §4). */
  tokenTime: number;
  userInfo: SessionUser | null;
  roles: string[];
  tenantId: string;
  menu: MenuNode[];
  menuAll: MenuNode[];
  menuId: string;
  defaultDeptId: string;
  defaultDeptName: string;
  systemConfig: { id: string } | null;
  printer: PrinterConfig;
  /** Spec §4: 0 no permission, 1 no account set, other normal; null = not checked. */
  checkAccountStatus: number | null;
  /** Permission routes loaded in this page life (the guard's "routes loaded"); never persisted. */
  routesLoaded: boolean;
  /** Local lock screen (spec §2.1 /lock). */
  locked: boolean;
  /** Current-Account-Set-Id header (default set of book); '' when none. */
  accountSetId: string;
}

export const initialSessionState: SessionState = {
  token: '',
  refreshToken: '',
  tokenTime: 0,
  userInfo: null,
  roles: [],
  tenantId: DEFAULT_TENANT_ID,
  menu: [],
  menuAll: [],
  menuId: '',
  defaultDeptId: '',
  defaultDeptName: '',
  systemConfig: null,
  printer: DEFAULT_PRINTER,
  checkAccountStatus: null,
  routesLoaded: false,
  locked: false,
  accountSetId: '',
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Spec §4: login success stores tokens, roles, tenant and user info. */
    loggedIn(state, { payload }: PayloadAction<{ token: TokenResponse; now: number }>) {
      const { access_token, refresh_token, ...user } = payload.token;
      state.token = access_token;
      state.refreshToken = refresh_token;
      state.tokenTime = payload.now;
      state.userInfo = user;
      state.roles = splitRoles(user.role_name);
      state.tenantId = user.tenant_id || DEFAULT_TENANT_ID;
      state.defaultDeptId = defaultDeptId(user.dept_id);
      state.locked = false;
    },
    /** Refresh tokens rotate on every use: always keep the new pair. */
    tokenRefreshed(state, { payload }: PayloadAction<{ token: TokenResponse; now: number }>) {
      const { access_token, refresh_token, ...user } = payload.token;
      state.token = access_token;
      state.refreshToken = refresh_token;
      state.tokenTime = payload.now;
      state.userInfo = { ...state.userInfo, ...user };
      state.roles = splitRoles(user.role_name); // roles granted or taken away take effect at the next refresh
    },
    menuLoaded(state, { payload }: PayloadAction<MenuNode[]>) {
      state.menu = payload;
      state.menuAll = payload;
      state.routesLoaded = true;
    },
    setDefaultDept(state, { payload }: PayloadAction<{ id: string; name: string }>) {
      state.defaultDeptId = payload.id;
      state.defaultDeptName = payload.name;
    },
    setCheckAccountStatus(state, { payload }: PayloadAction<number | null>) {
      state.checkAccountStatus = payload;
    },
    setPrinter(state, { payload }: PayloadAction<PrinterConfig>) {
      state.printer = payload;
    },
    setSystemConfig(state, { payload }: PayloadAction<{ id: string } | null>) {
      state.systemConfig = payload;
    },
    setUserAvatarName(state, { payload }: PayloadAction<{ avatar?: string; real_name?: string }>) {
      if (state.userInfo) Object.assign(state.userInfo, payload);
    },
    setAccountSetId(state, { payload }: PayloadAction<string>) {
      state.accountSetId = payload;
    },
    setLocked(state, { payload }: PayloadAction<boolean>) {
      state.locked = payload;
    },
    /**
     * Spec §4 "Reset token": clears tokens, menus, roles, the authority (routes-loaded) flag and state.
     * Cookies, permissions and the stored version are cleared by the resetToken thunk.
     */
    sessionReset() {
      return initialSessionState;
    },
  },
});

export const sessionActions = sessionSlice.actions;
