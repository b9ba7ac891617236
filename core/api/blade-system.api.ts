import type { MenuNode, UserInfo } from '../contract/blade-system.contract.ts';
import { SYSTEM_PATHS } from '../contract/blade-system.contract.ts';
import type { R, TreeNode } from '../contract/common.ts';
import { api } from './api.ts';

export interface UpdatePasswordArgs {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export const bladeSystemApi = api.injectEndpoints({
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
  }),
});

export const {
  useMenuRoutesQuery,
  useMenuButtonsQuery,
  useDeptTreeQuery,
  useUserInfoQuery,
  useUpdateUserInfoMutation,
  useUpdatePasswordMutation,
  useVersionInfoQuery,
} = bladeSystemApi;
