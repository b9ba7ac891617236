import { Avatar, Button, Form, Spin, TabPane, Tabs } from '@douyinfe/semi-ui';
import { md5 } from 'js-md5';
import { useState } from 'react';
import {
  useUpdatePasswordMutation,
  useUpdateUserInfoMutation,
  useUserInfoQuery,
} from '../../core/api/blade-system.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import type { UserInfo } from '../../core/contract/blade-system.contract.ts';
import { ossUrl } from '../../core/format/url.ts';
import { sessionActions } from '../../core/session/session-slice.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';

type ProfileValues = Pick<UserInfo, 'realName' | 'name' | 'phone' | 'email' | 'avatar'>;
interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

function ProfileForm({ info }: { info: UserInfo }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateUserInfoMutation();
  const submit = async (values: ProfileValues) => {
    const res = await update({ ...values, email: values.email ?? '', phone: values.phone ?? '' });
    if ('data' in res) {
      notifySuccess('修改成功');
      dispatch(sessionActions.setUserAvatarName({ avatar: values.avatar, real_name: values.realName }));
    }
  };
  return (
    <Form<ProfileValues>
      initValues={{
        realName: info.realName,
        name: info.name,
        phone: info.phone,
        email: info.email,
        avatar: info.avatar,
      }}
      onSubmit={submit}
      labelPosition="left"
      labelWidth={90}
      style={{ maxWidth: 520 }}
    >
      <Form.Slot label="账号">{info.account}</Form.Slot>
      <Form.Slot label="所属部门">{info.deptName || '-'}</Form.Slot>
      <Form.Slot label="角色">{info.roleName || '-'}</Form.Slot>
      <Form.Input field="realName" label="姓名" rules={[{ required: true, message: '请输入姓名' }]} maxLength={20} />
      <Form.Input field="name" label="昵称" maxLength={20} />
      <Form.Input field="phone" label="手机号码" rules={[{ pattern: /^$|^1\d{10}$/, message: '手机号码格式不正确' }]} />
      <Form.Input field="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]} />
      <Form.Input field="avatar" label="头像地址" placeholder="上传后的相对路径或完整地址" />
      <Button htmlType="submit" theme="solid" loading={isLoading} style={{ marginLeft: 90 }}>
        保存
      </Button>
    </Form>
  );
}

function PasswordForm() {
  const [update, { isLoading }] = useUpdatePasswordMutation();
  const [formKey, setFormKey] = useState(0);
  const submit = async (v: PasswordValues) => {
    // passwords travel as md5 hex, like the token endpoint
    const res = await update({
      oldPassword: md5(v.oldPassword),
      newPassword: md5(v.newPassword),
      newPassword1: md5(v.newPassword1),
    });
    if ('data' in res) {
      notifySuccess('密码修改成功');
      setFormKey((k) => k + 1);
    }
  };
  return (
    <Form<PasswordValues>
      key={formKey}
      onSubmit={submit}
      labelPosition="left"
      labelWidth={90}
      style={{ maxWidth: 520 }}
    >
      {({ formState }) => (
        <>
          <Form.Input
            field="oldPassword"
            label="原密码"
            mode="password"
            rules={[{ required: true, message: '请输入原密码' }]}
          />
          <Form.Input
            field="newPassword"
            label="新密码"
            mode="password"
            rules={[
              { required: true, message: '请输入新密码' },
              { min: 6, message: '密码长度至少 6 位' },
            ]}
          />
          <Form.Input
            field="newPassword1"
            label="确认密码"
            mode="password"
            rules={[
              { required: true, message: '请输入确认密码' },
              {
                validator: (_r: unknown, value: string) => value === formState.values?.newPassword,
                message: '两次输入的密码不一致',
              },
            ]}
          />
          <Button htmlType="submit" theme="solid" loading={isLoading} style={{ marginLeft: 90 }}>
            修改密码
          </Button>
        </>
      )}
    </Form>
  );
}

/** /user/info: view and edit the own profile; change the password. */
export default function UserInfoScreen() {
  const { data, isLoading } = useUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="ly-page">
      <h1 className="ly-page-title">个人信息</h1>
      {isLoading || !data ? (
        <Spin />
      ) : (
        <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
          <div style={{ width: 200, textAlign: 'center' }}>
            <Avatar size="extra-large" src={ossUrl(data.avatar)} alt={data.realName} />
            <div style={{ marginTop: 12, fontSize: 16, fontWeight: 600 }}>{data.realName}</div>
            <div style={{ color: 'var(--semi-color-text-2)', fontSize: 13 }}>{data.account}</div>
          </div>
          <Tabs type="line" style={{ flex: 1, minWidth: 320 }}>
            <TabPane tab="基本信息" itemKey="info">
              <div style={{ paddingTop: 16 }}>
                <ProfileForm info={data} />
              </div>
            </TabPane>
            <TabPane tab="修改密码" itemKey="password">
              <div style={{ paddingTop: 16 }}>
                <PasswordForm />
              </div>
            </TabPane>
          </Tabs>
        </div>
      )}
    </div>
  );
}
