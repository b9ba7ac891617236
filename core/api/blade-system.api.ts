import {
  type GrantKeys,
  type GrantTree,
  ROLE_PATHS,
  type RoleGrant,
  type RoleNode,
  type RoleSubmit,
} from '../contract/blade-system/role.contract.ts';
import {
  type ApiScopeRow,
  type ApiScopeSubmit,
  type DataScopeRow,
  type DataScopeSubmit,
  SCOPE_PATHS,
} from '../contract/blade-system/scope.contract.ts';
import { USER_ADMIN } from '../contract/blade-system/user.contract.ts';
import type { Dept, MenuNode, MenuSubmit, UserInfo } from '../contract/blade-system.contract.ts';
import { SYSTEM_PATHS } from '../contract/blade-system.contract.ts';
import type { Page, R, TreeNode } from '../contract/common.ts';
import { api } from './api.ts';
import { injectDescriptors } from './endpoints.ts';

export interface UpdatePasswordArgs {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** data-scope / api-scope list filters (menuId optional: every rule of the tenant). */
export type ScopeListArgs = {
  menuId?: string;
  scopeName?: string;
  current: number;
  size: number;
};

/** Authority and system-administration tags live here (api.ts declares the shell's). */
const authApi = api.enhanceEndpoints({ addTagTypes: ['Role', 'Grant', 'User', 'DataScope', 'ApiScope', 'MenuAdmin'] });
const data = <T>(r: R<T>) => r.data;

export const bladeSystemApi = authApi.injectEndpoints({
  endpoints: (b) => ({
    menuRoutes: b.query<MenuNode[], void>({
      query: () => SYSTEM_PATHS.menuRoutes,
      transformResponse: (r: R<MenuNode[]>) => r.data ?? [],
      providesTags: ['Menu'],
    }),
    menuButtons: b.query<MenuNode[], void>({
      query: () => SYSTEM_PATHS.menuButtons,
      transformResponse: (r: R<MenuNode[]>) => r.data ?? [],
      providesTags: ['Buttons'],
    }),
    deptTree: b.query<TreeNode[], void>({
      query: () => SYSTEM_PATHS.deptTree,
      transformResponse: (r: R<TreeNode[]>) => r.data ?? [],
      providesTags: ['Dept'],
    }),
    userInfo: b.query<UserInfo, void>({
      query: () => SYSTEM_PATHS.userInfo,
      transformResponse: (r: R<UserInfo>) => r.data,
      providesTags: ['UserInfo'],
    }),
    updateUserInfo: b.mutation<R<unknown>, Partial<UserInfo>>({
      query: (body) => ({ url: SYSTEM_PATHS.userUpdateInfo, method: 'POST', body }),
      invalidatesTags: ['UserInfo'],
    }),
    updatePassword: b.mutation<R<unknown>, UpdatePasswordArgs>({
      query: (body) => ({ url: SYSTEM_PATHS.userUpdatePassword, method: 'POST', body }),
    }),
    versionInfo: b.query<{ version: string } | null, void>({
      query: () => SYSTEM_PATHS.versionSelect,
      transformResponse: (r: R<{ version: string } | null>) => r.data,
      providesTags: ['Version'],
      extraOptions: { silent: true },
    }),
    // ---- roles and grants ----
    roleList: b.query<RoleNode[], { roleName?: string; roleAlias?: string } | void>({
      query: (params) => ({ url: ROLE_PATHS.list, params: params ?? {} }),
      transformResponse: (r: R<RoleNode[]>) => r.data ?? [],
      providesTags: ['Role'],
    }),
    roleTree: b.query<TreeNode[], void>({
      query: () => ROLE_PATHS.tree,
      transformResponse: (r: R<TreeNode[]>) => r.data ?? [],
      providesTags: ['Role'],
    }),
    roleSubmit: b.mutation<R<null>, RoleSubmit>({
      query: (body) => ({ url: ROLE_PATHS.submit, method: 'POST', body }),
      invalidatesTags: ['Role'],
    }),
    roleRemove: b.mutation<R<null>, string>({
      query: (ids) => ({ url: ROLE_PATHS.remove, method: 'POST', params: { ids } }),
      invalidatesTags: ['Role', 'Grant'],
    }),
    roleGrant: b.mutation<R<null>, RoleGrant>({
      query: (body) => ({ url: ROLE_PATHS.grant, method: 'POST', body }),
      // the caller's own menus/buttons may change too
      invalidatesTags: ['Grant', 'Menu', 'Buttons'],
    }),
    grantTree: b.query<GrantTree, void>({
      query: () => ROLE_PATHS.grantTree,
      transformResponse: data<GrantTree>,
      providesTags: ['Grant', 'DataScope', 'ApiScope', 'MenuAdmin'],
    }),
    roleTreeKeys: b.query<GrantKeys, string>({
      query: (roleIds) => ({ url: ROLE_PATHS.roleTreeKeys, params: { roleIds } }),
      transformResponse: data<GrantKeys>,
      providesTags: ['Grant'],
    }),
    // ---- data / api scope ----
    dataScopeList: b.query<Page<DataScopeRow>, ScopeListArgs>({
      query: (params) => ({ url: SCOPE_PATHS.dataScopeList, params }),
      transformResponse: data<Page<DataScopeRow>>,
      providesTags: ['DataScope'],
    }),
    dataScopeSubmit: b.mutation<R<null>, DataScopeSubmit>({
      query: (body) => ({ url: SCOPE_PATHS.dataScopeSubmit, method: 'POST', body }),
      invalidatesTags: ['DataScope'],
    }),
    dataScopeRemove: b.mutation<R<null>, string>({
      query: (ids) => ({ url: SCOPE_PATHS.dataScopeRemove, method: 'POST', params: { ids } }),
      invalidatesTags: ['DataScope', 'Grant'],
    }),
    apiScopeList: b.query<Page<ApiScopeRow>, ScopeListArgs>({
      query: (params) => ({ url: SCOPE_PATHS.apiScopeList, params }),
      transformResponse: data<Page<ApiScopeRow>>,
      providesTags: ['ApiScope'],
    }),
    apiScopeSubmit: b.mutation<R<null>, ApiScopeSubmit>({
      query: (body) => ({ url: SCOPE_PATHS.apiScopeSubmit, method: 'POST', body }),
      invalidatesTags: ['ApiScope'],
    }),
    apiScopeRemove: b.mutation<R<null>, string>({
      query: (ids) => ({ url: SCOPE_PATHS.apiScopeRemove, method: 'POST', params: { ids } }),
      invalidatesTags: ['ApiScope', 'Grant'],
    }),
    // ---- menus and depts (administration) ----
    menuLazyList: b.query<MenuNode[], { parentId: string }>({
      query: (params) => ({ url: SYSTEM_PATHS.menuLazyList, params }),
      transformResponse: (r: R<MenuNode[]>) => r.data ?? [],
      providesTags: ['MenuAdmin'],
    }),
    menuTree: b.query<TreeNode[], void>({
      query: () => SYSTEM_PATHS.menuTree,
      transformResponse: (r: R<TreeNode[]>) => r.data ?? [],
      providesTags: ['MenuAdmin'],
    }),
    menuSubmit: b.mutation<R<null>, Partial<MenuSubmit>>({
      query: (body) => ({ url: SYSTEM_PATHS.menuSubmit, method: 'POST', body }),
      invalidatesTags: ['MenuAdmin', 'Menu', 'Buttons', 'Grant'],
    }),
    menuRemove: b.mutation<R<null>, string>({
      query: (ids) => ({ url: SYSTEM_PATHS.menuRemove, method: 'POST', params: { ids } }),
      invalidatesTags: ['MenuAdmin', 'Menu', 'Buttons', 'Grant'],
    }),
    deptLazyList: b.query<Dept[], { parentId: string }>({
      query: (params) => ({ url: SYSTEM_PATHS.deptLazyList, params }),
      transformResponse: (r: R<Dept[]>) => r.data ?? [],
      providesTags: ['Dept'],
    }),
    deptSubmit: b.mutation<R<null>, Partial<Dept>>({
      query: (body) => ({ url: SYSTEM_PATHS.deptSubmit, method: 'POST', body }),
      invalidatesTags: ['Dept'],
    }),
    deptRemove: b.mutation<R<null>, string>({
      query: (ids) => ({ url: SYSTEM_PATHS.deptRemove, method: 'POST', params: { ids } }),
      invalidatesTags: ['Dept'],
    }),
  }),
});

export const {
  useRoleListQuery,
  useRoleTreeQuery,
  useRoleSubmitMutation,
  useRoleRemoveMutation,
  useRoleGrantMutation,
  useGrantTreeQuery,
  useRoleTreeKeysQuery,
  useLazyRoleTreeKeysQuery,
  useDataScopeListQuery,
  useDataScopeSubmitMutation,
  useDataScopeRemoveMutation,
  useApiScopeListQuery,
  useApiScopeSubmitMutation,
  useApiScopeRemoveMutation,
  useMenuLazyListQuery,
  useLazyMenuLazyListQuery,
  useMenuTreeQuery,
  useMenuSubmitMutation,
  useMenuRemoveMutation,
  useDeptLazyListQuery,
  useLazyDeptLazyListQuery,
  useDeptSubmitMutation,
  useDeptRemoveMutation,
} = bladeSystemApi;

export const {
  useMenuRoutesQuery,
  useMenuButtonsQuery,
  useDeptTreeQuery,
  useUserInfoQuery,
  useUpdateUserInfoMutation,
  useUpdatePasswordMutation,
  useVersionInfoQuery,
} = bladeSystemApi;

/** 用户管理 from its descriptors (USER_ADMIN): useUserPageQuery, useUserSubmitMutation, useUserResetPasswordMutation… */
export const userAdminApi = injectDescriptors('user', USER_ADMIN);
export const {
  useUserPageQuery,
  useUserSubmitMutation,
  useUserRemoveMutation,
  useUserGrantMutation,
  useUserResetPasswordMutation,
  useUserUnlockMutation,
  useUserStatusMutation,
  useUserPostOptionsQuery,
} = userAdminApi;
