/**
 * 菜单管理 (/system/menu, spec §7.2, bladex-contract §4): the menu tree with its buttons as children, as a tree
 * resource for the tree page. Endpoints (server/modules/blade-system/menu.ts): `list` (the whole tree, filters
 * name/code/alias contain), `detail`, `submit` (add without id, else update), `remove?ids=` (refused while children
 * remain), `tree` (menus only, for the parent select). The sidebar is built from `routes`, so a new menu shows after
 * a reload. Menus are platform-wide: writes need the system_menu buttons and the platform tenant (000000).
 */
import { z } from 'zod';
import { menuSubmitSchema } from '../blade-system.contract.ts';
import { defineResource, type Option } from '../resource.ts';

export const MENU_CATEGORIES: Option[] = [
  { label: '菜单', value: 1 },
  { label: '按钮', value: 2 },
];
export const MENU_ACTIONS: Option[] = [
  { label: '无', value: 0 },
  { label: '工具栏', value: 1 },
  { label: '操作栏', value: 2 },
  { label: '工具栏和操作栏', value: 3 },
];
/** dict `yes_no` of BladeX: 1 否, 2 是. */
export const MENU_IS_OPEN: Option[] = [
  { label: '否', value: 1 },
  { label: '是', value: 2 },
];
export const MENU_TREE_SOURCE = { tree: '/api/blade-system/menu/tree' } as const;

export const menuEntity = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string(),
  path: z.string(),
  source: z.string(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
  isHidden: z.number().optional(),
  remark: z.string().optional(),
  children: z.array(z.unknown()).optional(),
});

const { id: _id, ...menuFormShape } = menuSubmitSchema.shape;
export const menuForm = z.object(menuFormShape);

export const menuQuery = z.object({
  name: z.string().max(50).optional(),
  code: z.string().max(100).optional(),
  alias: z.string().max(50).optional(),
});

export const menuResource = defineResource({
  name: 'menu',
  title: '菜单',
  service: 'blade-system',
  path: '/api/blade-system/menu',
  permission: 'system_menu',
  schemas: { entity: menuEntity, form: menuForm, query: menuQuery },
  scope: 'tenant',
  columns: [
    { field: 'name', label: '菜单名称', kind: 'text', width: 220 },
    { field: 'path', label: '路由地址', kind: 'text', width: 240 },
    { field: 'source', label: '菜单图标', kind: 'code', width: 100 },
    { field: 'code', label: '菜单编号', kind: 'code', width: 240 },
    { field: 'alias', label: '菜单别名', kind: 'code', width: 90 },
    { field: 'category', label: '菜单类型', kind: 'select', options: { options: MENU_CATEGORIES }, width: 90 },
    { field: 'sort', label: '排序', kind: 'number', width: 70 },
    { field: 'isOpen', label: '新窗口', kind: 'select', options: { options: MENU_IS_OPEN }, width: 80 },
    { field: 'isHidden', label: '隐藏', kind: 'bool', width: 70 },
  ],
  search: [
    { field: 'name', label: '菜单名称', kind: 'text' },
    { field: 'code', label: '菜单编号', kind: 'text' },
  ],
  form: [
    { field: 'parentId', label: '上级菜单', kind: 'tree', options: MENU_TREE_SOURCE, placeholder: '顶级' },
    { field: 'category', label: '菜单类型', kind: 'select', required: true, options: { options: MENU_CATEGORIES } },
    { field: 'name', label: '菜单名称', kind: 'text', required: true },
    { field: 'code', label: '菜单编号', kind: 'code', required: true },
    { field: 'path', label: '路由地址', kind: 'text', placeholder: '/system/user 或 https://…' },
    { field: 'source', label: '菜单图标', kind: 'text', placeholder: '图标名，如 setting' },
    { field: 'alias', label: '菜单别名', kind: 'code', placeholder: '菜单填 menu，按钮填 add/edit…' },
    { field: 'action', label: '按钮位置', kind: 'select', options: { options: MENU_ACTIONS } },
    { field: 'sort', label: '排序', kind: 'number', min: 0 },
    { field: 'isOpen', label: '新窗口', kind: 'select', options: { options: MENU_IS_OPEN } },
    { field: 'isHidden', label: '隐藏', kind: 'bool' },
    { field: 'remark', label: '备注', kind: 'textarea', span: 2 },
  ],
});
