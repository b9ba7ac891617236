import { CLIENT } from '../contract/blade-system/client.contract.ts';
import { DEPT } from '../contract/blade-system/dept.contract.ts';
import { MENU } from '../contract/blade-system/menu.contract.ts';
import { REGION } from '../contract/blade-system/region.contract.ts';
import { ROLE } from '../contract/blade-system/role.contract.ts';
import { API_SCOPE, DATA_SCOPE } from '../contract/blade-system/scope-endpoints.contract.ts';
import { USER_ADMIN } from '../contract/blade-system/user.contract.ts';
import { USER_SELF } from '../contract/blade-system/user-self.contract.ts';
import { SYSTEM_PATHS } from '../contract/blade-system.contract.ts';
import type { R } from '../contract/common.ts';
import { injectDescriptors } from './endpoints.ts';

/** Menus and departments from their descriptors (MENU, DEPT): menuRoutes / menuButtons feed the session. */
export const deptApi = injectDescriptors('dept', DEPT);
const menuApi = injectDescriptors('menu', MENU);

export const bladeSystemApi = menuApi.injectEndpoints({
  endpoints: (b) => ({
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
export const { useVersionInfoQuery } = bladeSystemApi;

/** The signed-in user's profile (USER_SELF) and the regions (REGION), from their descriptors. */
export const userSelfApi = injectDescriptors('userSelf', USER_SELF);
export const {
  useUserSelfInfoQuery: useUserInfoQuery,
  useUserSelfUpdateInfoMutation: useUpdateUserInfoMutation,
  useUserSelfUpdatePasswordMutation: useUpdatePasswordMutation,
} = userSelfApi;
export const regionApi = injectDescriptors('region', REGION);
export const { useRegionListQuery } = regionApi;

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

/** 应用管理's reset-secret (CLIENT). */
export const clientApi = injectDescriptors('client', CLIENT);
export const { useClientResetSecretMutation } = clientApi;
