import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Visited view of spec §3. */
export interface VisitedView {
  path: string;
  fullPath: string;
  name: string;
  title: string;
  meta: { title: string; affix?: boolean; noCache?: boolean; tagCloseConfirm?: boolean };
  query: Record<string, string>;
}

export interface TabsState {
  visitedViews: VisitedView[];
  /** fullPaths of views kept alive (views without meta.noCache). */
  cachedViews: string[];
}

export const initialTabsState: TabsState = { visitedViews: [], cachedViews: [] };

function addCached(state: TabsState, view: VisitedView) {
  if (!view.meta.noCache && !state.cachedViews.includes(view.fullPath)) state.cachedViews.push(view.fullPath);
}

/**
 * Tags view of bladex-contract §9.2: no duplicates by path (a new query on the same path updates the entry);
 * affix views survive Close Others and Close All.
 */
export const tabsSlice = createSlice({
  name: 'tabs',
  initialState: initialTabsState,
  reducers: {
    addView(state, { payload }: PayloadAction<VisitedView>) {
      const existing = state.visitedViews.find((v) => v.path === payload.path);
      if (existing) {
        if (existing.fullPath !== payload.fullPath) {
          state.cachedViews = state.cachedViews.filter((p) => p !== existing.fullPath);
          Object.assign(existing, payload);
        }
      } else {
        state.visitedViews.push(payload);
      }
      addCached(state, payload);
    },
    /** Affix views first (on mount), without duplicates. */
    addAffixViews(state, { payload }: PayloadAction<VisitedView[]>) {
      const affix = payload.filter((v) => !state.visitedViews.some((e) => e.path === v.path));
      state.visitedViews.unshift(...affix);
    },
    delView(state, { payload }: PayloadAction<string>) {
      state.visitedViews = state.visitedViews.filter((v) => v.fullPath !== payload);
      state.cachedViews = state.cachedViews.filter((p) => p !== payload);
    },
    /** Remove from the cache only (Refresh re-creates the screen). */
    delCachedView(state, { payload }: PayloadAction<string>) {
      state.cachedViews = state.cachedViews.filter((p) => p !== payload);
    },
    delOthersViews(state, { payload }: PayloadAction<string>) {
      state.visitedViews = state.visitedViews.filter((v) => v.meta.affix || v.fullPath === payload);
      state.cachedViews = state.cachedViews.filter((p) => p === payload);
    },
    delAllViews(state) {
      state.visitedViews = state.visitedViews.filter((v) => v.meta.affix);
      state.cachedViews = [];
    },
    /** Logout clears every view, affix included (they come back on the next mount). */
    clearViews() {
      return initialTabsState;
    },
  },
});

export const tabsActions = tabsSlice.actions;

/** Where to go after closing the active view: the last remaining view, else /dashboard. */
export function nextViewAfterClose(views: VisitedView[], closedFullPath: string): string {
  const rest = views.filter((v) => v.fullPath !== closedFullPath);
  return rest.length ? rest[rest.length - 1].fullPath : '/dashboard';
}
