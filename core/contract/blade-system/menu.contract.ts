/**
 * 菜单管理 (/system/menu, spec §7.2, bladex-contract §4): the menu tree with its buttons as children, as a tree
 * resource for the tree page. Endpoints (server/modules/blade-system/menu.ts): `list` (the whole tree, filters
 * name/code/alias contain), `detail`, `submit` (add without id, else update), `remove?ids=` (refused while children
 * remain), `tree` (menus only, for the parent select). The sidebar is built from `routes`, so a new menu shows after
 * a reload. Menus are platform-wide: writes need the system_menu buttons and the platform tenant (000000).
 */
import { z } from 'zod';
import { type MenuNode, menuSubmitSchema, SYSTEM_PATHS } from '../blade-system.contract.ts';
import { idListSchema, idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN } from '../fields.ts';
import { menuRow } from '../generated/system.ts';
import { defineResource, type Option } from '../resource.ts';
import { none, treeNodeSchema } from './fields.ts';

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

export const menuEntity = menuRow.omit(ENGINE_HIDDEN).extend({
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
    { field: 'parentId', label: '上级菜单', kind: 'tree', options: MENU_TREE_SOURCE },
    { field: 'category', label: '菜单类型', kind: 'select', required: true, options: { options: MENU_CATEGORIES } },
    { field: 'name', label: '菜单名称', kind: 'text', required: true },
    { field: 'code', label: '菜单编号', kind: 'code', required: true },
    { field: 'path', label: '路由地址', kind: 'text' },
    { field: 'source', label: '菜单图标', kind: 'text' },
    { field: 'alias', label: '菜单别名', kind: 'code' },
    { field: 'action', label: '按钮位置', kind: 'select', options: { options: MENU_ACTIONS } },
    { field: 'sort', label: '排序', kind: 'number' },
    { field: 'isOpen', label: '新窗口', kind: 'select', options: { options: MENU_IS_OPEN } },
    { field: 'isHidden', label: '隐藏', kind: 'bool' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    code: z.string(),
    name: z.string(),
    alias: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number().int(),
    category: z.union([z.literal(1), z.literal(2)]),
    action: z.number().int(),
    isOpen: z.union([z.literal(1), z.literal(2)]),
    isHidden: z.union([z.literal(0), z.literal(1)]).optional(),
    remark: z.string().optional(),
    hasChildren: z.boolean().optional(),
    children: z.array(menuNodeSchema).optional(),
    parentName: z.string().optional(),
  }),
);

export const menuFilters = z.object({
  parentId: z.string().trim().optional(),
  name: z.string().trim().optional(),
  code: z.string().trim().optional(),
  alias: z.string().trim().optional(),
});

/**
 * The menu endpoints (handlers: server/modules/blade-system/menu/*.ts). routes / buttons: the caller's granted tree
 * (the sidebar and the button map); lazy lists and tree: any signed-in user (menus are shared by every tenant);
 * list: the 菜单管理 view; submit / remove: the system_menu buttons from the platform tenant (checked in the handler,
 * the action depends on the body).
 */
export const MENU = {
  routes: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.menuRoutes,
    summary: '当前用户的菜单树（侧边栏）',
    answer: z.array(menuNodeSchema),
    provides: ['Menu'],
  }),
  buttons: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.menuButtons,
    summary: '当前用户的按钮（按菜单分组）',
    answer: z.array(menuNodeSchema),
    provides: ['Buttons'],
  }),
  lazyList: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.menuLazyList,
    summary: '菜单懒加载列表（菜单和按钮）',
    query: menuFilters,
    answer: z.array(menuNodeSchema),
    provides: ['MenuAdmin'],
  }),
  lazyMenuList: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.menuLazyMenuList,
    summary: '菜单懒加载列表（只有菜单）',
    query: menuFilters,
    answer: z.array(menuNodeSchema),
    provides: ['MenuAdmin'],
  }),
  list: endpoint({
    method: 'GET',
    path: `${menuResource.path}/list`,
    summary: '菜单管理树（按名称、编号、别名筛选）',
    query: menuFilters,
    answer: z.array(menuNodeSchema),
    permission: { code: menuResource.permission, action: 'view' },
    provides: ['MenuAdmin'],
  }),
  tree: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.menuTree,
    summary: '菜单树（上级菜单选择）',
    answer: z.array(treeNodeSchema),
    provides: ['MenuAdmin'],
  }),
  detail: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.menuDetail,
    summary: '菜单详情',
    query: z.object({ id: idSchema }),
    answer: z.intersection(
      menuNodeSchema,
      z.object({ parentName: z.string(), categoryName: z.string(), actionName: z.string(), isOpenName: z.string() }),
    ),
    provides: ['MenuAdmin'],
  }),
  submit: endpoint({
    method: 'POST',
    path: SYSTEM_PATHS.menuSubmit,
    summary: '新增或修改菜单（平台租户）',
    body: menuSubmitSchema,
    answer: none,
    invalidates: ['MenuAdmin', 'Menu', 'Buttons', 'Grant'],
  }),
  remove: endpoint({
    method: 'POST',
    path: SYSTEM_PATHS.menuRemove,
    summary: '删除菜单（无子菜单时；平台租户）',
    query: z.object({ ids: idListSchema }),
    answer: none,
    invalidates: ['MenuAdmin', 'Menu', 'Buttons', 'Grant'],
  }),
};
