import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MenuNode } from '../contract/blade-system.contract.ts';

export interface PermissionsState {
  /** Button code → true. null = not loaded: everything allowed (spec §3 "Default: all on"). */
  map: Record<string, boolean> | null;
}

/** Spec §3: walk the buttons tree through code and children; every leaf code → true. */
export function buildPermissionMap(tree: MenuNode[]): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children);
      else if (n.code) map[n.code] = true;
    }
  };
  walk(tree);
  return map;
}

/** A missing map means allowed (spec §3 default all on). */
export function hasPermission(map: Record<string, boolean> | null, code: string): boolean {
  return map === null || map[code] === true;
}

export const permissionsSlice = createSlice({
  name: 'permissions',
  initialState: { map: null } as PermissionsState,
  reducers: {
    setPermissions(state, { payload }: PayloadAction<Record<string, boolean>>) {
      state.map = payload;
    },
    clearPermissions(state) {
      state.map = null;
    },
  },
});

export const permissionsActions = permissionsSlice.actions;
