import { ROLE } from '../contract/blade-system/role.contract.ts';
import { API_SCOPE, DATA_SCOPE } from '../contract/blade-system/scope-endpoints.contract.ts';
import { USER_ADMIN } from '../contract/blade-system/user.contract.ts';
import type { Dept, MenuNode, MenuSubmit, UserInfo } from '../contract/blade-system.contract.ts';
import { SYSTEM_PATHS } from '../contract/blade-system.contract.ts';
import type { R, TreeNode } from '../contract/common.ts';
import { api } from './api.ts';
import { injectDescriptors } from './endpoints.ts';

export interface UpdatePasswordArgs {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** Authority and system-administration tags live here (api.ts declares the shell's). */
const authApi = api.enhanceEndpoints({ addTagTypes: ['Role', 'Grant', 'User', 'DataScope', 'ApiScope', 'MenuAdmin'] });

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

/** 角色管理 and its grant dialog from their descriptors (ROLE). */
export const roleApi = injectDescriptors('role', ROLE);
export const {
  useRoleListQuery,
  useRoleTreeQuery,
  useRoleSubmitMutation,
  useRoleRemoveMutation,
  useRoleGrantMutation,
  useRoleGrantTreeQuery,
  useRoleTreeKeysQuery,
  useLazyRoleTreeKeysQuery,
} = roleApi;

/** 数据权限 / 接口权限 from their descriptors (DATA_SCOPE, API_SCOPE). */
export const dataScopeApi = injectDescriptors('dataScope', DATA_SCOPE);
export const apiScopeApi = injectDescriptors('apiScope', API_SCOPE);
export const { useDataScopeListQuery, useDataScopeSubmitMutation, useDataScopeRemoveMutation } = dataScopeApi;
export const { useApiScopeListQuery, useApiScopeSubmitMutation, useApiScopeRemoveMutation } = apiScopeApi;
