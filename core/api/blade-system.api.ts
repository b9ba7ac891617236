import { DEPT } from '../contract/blade-system/dept.contract.ts';
import { MENU } from '../contract/blade-system/menu.contract.ts';
import { ROLE } from '../contract/blade-system/role.contract.ts';
import { API_SCOPE, DATA_SCOPE } from '../contract/blade-system/scope-endpoints.contract.ts';
import { USER_ADMIN } from '../contract/blade-system/user.contract.ts';
import type { UserInfo } from '../contract/blade-system.contract.ts';
import { SYSTEM_PATHS } from '../contract/blade-system.contract.ts';
import type { R } from '../contract/common.ts';
import { injectDescriptors } from './endpoints.ts';

export interface UpdatePasswordArgs {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** Menus and departments from their descriptors (MENU, DEPT): menuRoutes / menuButtons feed the session. */
export const deptApi = injectDescriptors('dept', DEPT);
const menuApi = injectDescriptors('menu', MENU);

export const bladeSystemApi = menuApi.injectEndpoints({
  endpoints: (b) => ({
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
  }),
});

export const { useMenuRoutesQuery, useMenuButtonsQuery, useMenuTreeQuery } = menuApi;
export const { useDeptTreeQuery } = deptApi;
export const { useUserInfoQuery, useUpdateUserInfoMutation, useUpdatePasswordMutation, useVersionInfoQuery } =
  bladeSystemApi;

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
