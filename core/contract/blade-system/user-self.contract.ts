/**
 * The signed-in user's own profile (bladex-contract §5.2): info, update-info (self only: role, dept, account and
 * password in the body are ignored), update-password (md5 hex in, argon2id stored). Handlers:
 * server/modules/blade-system/user.ts.
 */
import { z } from 'zod';
import { SYSTEM_PATHS, type UserInfo, userUpdateInfoSchema } from '../blade-system.contract.ts';
import { endpoint } from '../endpoint.ts';
import { idOut, none } from './fields.ts';

export const userInfoSchema = z.object({
  id: idOut,
  tenantId: z.string(),
  account: z.string(),
  name: z.string(),
  realName: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  birthday: z.string(),
  sex: z.number().int(),
  roleId: z.string(),
  roleName: z.string(),
  deptId: z.string(),
  deptName: z.string(),
  postId: z.string(),
}) satisfies z.ZodType<UserInfo>;

/** The passwords in the body or (BladeX) the query; checked by updatePasswordSchema in the handler. */
const passwordIn = z.looseObject({
  oldPassword: z.string().optional(),
  newPassword: z.string().optional(),
  newPassword1: z.string().optional(),
});

export const USER_SELF = {
  info: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.userInfo,
    summary: '当前用户信息',
    answer: userInfoSchema,
    provides: ['UserInfo'],
  }),
  updateInfo: endpoint({
    method: 'POST',
    path: SYSTEM_PATHS.userUpdateInfo,
    summary: '修改个人信息',
    body: userUpdateInfoSchema,
    answer: none,
    invalidates: ['UserInfo'],
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: SYSTEM_PATHS.userUpdatePassword,
    summary: '修改密码（md5 十六进制）',
    body: passwordIn,
    answer: none,
  }),
};
