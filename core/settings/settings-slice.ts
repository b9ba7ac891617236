import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { APP_VERSION } from '../contract/wire.ts';

/** Cookie of the sidebar open state (bladex-contract §9.4): '1' open, '0' closed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
/** Spec §9: mobile under 992 px. */
export const MOBILE_BREAKPOINT = 992;

export type Device = 'desktop' | 'mobile';

export interface SettingsState {
  showSettings: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  tagsView: boolean;
  breadcrumb: boolean;
  avueSize: 'large' | 'default' | 'small';
  version: string;
  sidebarOpened: boolean;
  device: Device;
}

export function readSidebarCookie(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function initialSettings(): SettingsState {
  return {
    showSettings: false,
    fixedHeader: true,
    sidebarLogo: true,
    tagsView: true,
    breadcrumb: true,
    avueSize: 'default',
    version: APP_VERSION,
    sidebarOpened: readSidebarCookie(),
    device: 'desktop',
  };
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettings,
  reducers: {
    toggleSidebar(state) {
      state.sidebarOpened = !state.sidebarOpened;
      Cookies.set(SIDEBAR_COOKIE, state.sidebarOpened ? '1' : '0');
    },
    closeSidebar(state) {
      state.sidebarOpened = false;
      Cookies.set(SIDEBAR_COOKIE, '0');
    },
    setDevice(state, { payload }: PayloadAction<Device>) {
      state.device = payload;
    },
    setVersion(state, { payload }: PayloadAction<string>) {
      state.version = payload;
    },
    /** Changes only keys that already exist (bladex-contract §9.5). */
    changeSetting(state, { payload }: PayloadAction<{ key: keyof SettingsState; value: unknown }>) {
      if (payload.key in state) (state as Record<string, unknown>)[payload.key] = payload.value;
    },
  },
});

export const settingsActions = settingsSlice.actions;
