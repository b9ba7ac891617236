import { hasPermission } from '../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';

export type CrudAction = 'add' | 'edit' | 'view' | 'delete' | 'refresh' | 'search' | 'export' | 'import';
export type CrudPermissions = Record<CrudAction, boolean>;

/**
 * Spec §6: button permissions gate add, refresh, search, edit, view and remove by code `${prefix}_${action}`
 * (menu-tree button codes); a map that is not loaded means all on. Import is an add of many rows: it needs
 * `_add` (there is no separate import button code).
 */
export function resourcePermissions(map: Record<string, boolean> | null, prefix: string): CrudPermissions {
  const can = (a: string) => hasPermission(map, `${prefix}_${a}`);
  return {
    add: can('add'),
    edit: can('edit'),
    view: can('view'),
    delete: can('delete'),
    refresh: can('refresh'),
    search: can('search'),
    export: can('export'),
    import: can('add'),
  };
}

export function useResourcePermissions(prefix: string): CrudPermissions {
  const map = useAppSelector((s) => s.permissions.map);
  return resourcePermissions(map, prefix);
}
