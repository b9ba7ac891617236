/** 用户管理's dialogs: add / edit / view a user, and 角色配置 (screens/system/user.tsx opens them). */
import { Button, Descriptions, Form, Modal, Toast, TreeSelect } from '@douyinfe/semi-ui';
import type { FormApi } from '@douyinfe/semi-ui/lib/es/form';
import { md5 } from 'js-md5';
import { useRef, useState } from 'react';
import {
  useDeptTreeQuery,
  useRoleTreeQuery,
  useUserGrantMutation,
  useUserPostOptionsQuery,
  useUserSubmitMutation,
} from '../../core/api/blade-system.api.ts';
import { type UserRow, userSubmitSchema } from '../../core/contract/blade-system/user.contract.ts';
import { toSemiTree, zodFieldErrors } from '../../features/admin-page/common.tsx';

export type UserDialogState = { mode: 'add' | 'edit' | 'view'; row?: UserRow } | null;
const csv = (v?: string) => (v ? v.split(',').filter(Boolean) : []);

export function UserDialog({ dialog, onClose }: { dialog: NonNullable<UserDialogState>; onClose: () => void }) {
  const api = useRef<FormApi>();
  const { data: roles = [] } = useRoleTreeQuery();
  const { data: depts = [] } = useDeptTreeQuery();
  const { data: posts = [] } = useUserPostOptionsQuery();
  const [submit, { isLoading }] = useUserSubmitMutation();
  const row = dialog.row;
  const title = { add: '新增用户', edit: '编辑用户', view: '查看用户' }[dialog.mode];
  if (dialog.mode === 'view' && row) {
    return (
      <Modal title={title} visible onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={640}>
        <Descriptions
          row
          data={[
            { key: '登录账号', value: row.account },
            { key: '用户姓名', value: row.realName },
            { key: '用户昵称', value: row.name },
            { key: '用户编号', value: row.code },
            { key: '所属角色', value: row.roleName },
            { key: '所属机构', value: row.deptName },
            { key: '岗位', value: row.postName },
            { key: '手机号码', value: row.phone },
            { key: '电子邮箱', value: row.email },
            { key: '性别', value: row.sexName },
            { key: '状态', value: row.status === 1 ? '启用' : '停用' },
            { key: '创建时间', value: row.createTime },
          ]}
        />
      </Modal>
    );
  }
  const onOk = async () => {
    const v = { ...api.current?.getValues() } as Record<string, unknown>;
    const password = typeof v.password === 'string' && v.password ? v.password : '';
    if (dialog.mode === 'add' && !password) {
      api.current?.setError('password', '请输入密码');
      return;
    }
    if (password && password !== v.password2) {
      api.current?.setError('password2', '两次输入的密码不一致');
      return;
    }
    const body = {
      ...v,
      id: row?.id,
      password: password ? md5(password) : undefined,
      password2: undefined,
      roleId: (v.roleId as string[] | undefined) ?? [],
      deptId: (v.deptId as string[] | undefined) ?? [],
      postId: (v.postId as string[] | undefined) ?? [],
    };
    const errs = zodFieldErrors(userSubmitSchema, body);
    if (errs) {
      for (const [k, m] of Object.entries(errs)) api.current?.setError(k, m);
      return;
    }
    const r = await submit(body as never);
    if ('data' in r) {
      Toast.success('操作成功');
      onClose();
    }
  };
  return (
    <Modal
      title={title}
      visible
      onCancel={onClose}
      onOk={onOk}
      okText="保存"
      cancelText="取消"
      confirmLoading={isLoading}
      width={720}
    >
      <Form
        getFormApi={(a) => {
          api.current = a;
        }}
        initValues={
          row
            ? { ...row, roleId: csv(row.roleId), deptId: csv(row.deptId), postId: csv(row.postId) }
            : { sex: 1, status: 1 }
        }
        labelPosition="left"
        labelWidth={90}
      >
        <div className="ly-user-form-grid" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Input field="account" label="登录账号" rules={[{ required: true, message: '请输入登录账号' }]} />
          <Form.Input field="realName" label="用户姓名" rules={[{ required: true, message: '请输入用户姓名' }]} />
          {dialog.mode === 'add' && (
            <>
              <Form.Input
                field="password"
                label="密码"
                mode="password"
                rules={[{ required: true, message: '请输入密码' }]}
              />
              <Form.Input field="password2" label="确认密码" mode="password" />
            </>
          )}
          <Form.Input field="name" label="用户昵称" />
          <Form.Input field="code" label="用户编号" />
          <Form.Input field="phone" label="手机号码" />
          <Form.Input field="email" label="电子邮箱" />
          <Form.Select
            field="sex"
            label="性别"
            style={{ width: '100%' }}
            optionList={[
              { label: '男', value: 1 },
              { label: '女', value: 2 },
            ]}
          />
          <Form.Select
            field="status"
            label="状态"
            style={{ width: '100%' }}
            optionList={[
              { label: '启用', value: 1 },
              { label: '停用', value: 0 },
            ]}
          />
        </div>
        <Form.TreeSelect
          field="roleId"
          label="所属角色"
          multiple
          treeData={toSemiTree(roles)}
          style={{ width: '100%' }}
          rules={[{ required: true, message: '请选择所属角色' }]}
        />
        <Form.TreeSelect
          field="deptId"
          label="所属机构"
          multiple
          treeData={toSemiTree(depts)}
          style={{ width: '100%' }}
          rules={[{ required: true, message: '请选择所属机构' }]}
        />
        <Form.Select
          field="postId"
          label="所属岗位"
          multiple
          style={{ width: '100%' }}
          optionList={posts.map((p) => ({ label: p.postName, value: p.id }))}
        />
      </Form>
    </Modal>
  );
}

export function RoleGrantDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { data: roles = [] } = useRoleTreeQuery();
  const [value, setValue] = useState<string[]>(csv(user.roleId));
  const [grant, { isLoading }] = useUserGrantMutation();
  return (
    <Modal
      title={`角色配置 · ${user.account}`}
      visible
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={isLoading}
      onOk={async () => {
        if (!value.length) {
          Toast.warning('请选择角色');
          return;
        }
        const r = await grant({ userIds: user.id, roleIds: value.join(',') });
        if ('data' in r) {
          Toast.success('操作成功');
          onClose();
        }
      }}
    >
      <TreeSelect
        multiple
        treeData={toSemiTree(roles)}
        value={value}
        onChange={(v) => setValue((Array.isArray(v) ? v : []).map(String))}
        style={{ width: '100%' }}
        placeholder="请选择角色"
      />
    </Modal>
  );
}
