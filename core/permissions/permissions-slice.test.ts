import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../contract/blade-system.contract.ts';
import { buildPermissionMap, hasPermission, permissionsActions, permissionsSlice } from './permissions-slice.ts';

const node = (code: string, children?: MenuNode[]): MenuNode =>
  ({
    id: code,
    parentId: '0',
    code,
    name: code,
    alias: '',
    path: '',
    source: '',
    sort: 0,
    category: children ? 1 : 2,
    action: 0,
    isOpen: 1,
    children,
  }) as MenuNode;

describe('permission map from the buttons tree', () => {
  const tree = [
    node('system', [node('system_user', [node('system_user_add'), node('system_user_delete')])]),
    node('base_material', [node('base_material_view')]),
  ];
  it('maps every leaf code to true', () => {
    expect(buildPermissionMap(tree)).toEqual({
      system_user_add: true,
      system_user_delete: true,
      base_material_view: true,
    });
  });
  it('a missing map means allowed; a loaded map gates by code', () => {
    expect(hasPermission(null, 'anything')).toBe(true);
    const map = buildPermissionMap(tree);
    expect(hasPermission(map, 'system_user_add')).toBe(true);
    expect(hasPermission(map, 'base_material_delete')).toBe(false);
  });
  it('the slice stores and clears the map', () => {
    let s = permissionsSlice.reducer(undefined, permissionsActions.setPermissions({ a: true }));
    expect(s.map).toEqual({ a: true });
    s = permissionsSlice.reducer(s, permissionsActions.clearPermissions());
    expect(s.map).toBeNull();
  });
});
