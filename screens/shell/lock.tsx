import { IconLock } from '@douyinfe/semi-icons';
import { Avatar, Button, Input } from '@douyinfe/semi-ui';
import { md5 } from 'js-md5';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useLoginMutation } from '../../core/api/blade-auth.api.ts';
import { notifyError } from '../../core/api/notify.ts';
import { ossUrl } from '../../core/format/url.ts';
import { setTokenCookies } from '../../core/session/cookies.ts';
import { logout } from '../../core/session/session-actions.ts';
import { sessionActions } from '../../core/session/session-slice.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';

/**
 * Lock screen: shows the user; unlocking checks the password against the token endpoint (password grant),
 * which also renews the tokens. With captcha mode on the server may refuse the password grant: sign in again.
 */
export default function LockScreen() {
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const user = useAppSelector((s) => s.session.userInfo);
  const tenantId = useAppSelector((s) => s.session.tenantId);
  const [password, setPassword] = useState('');
  const [login, { isLoading }] = useLoginMutation();

  useEffect(() => {
    dispatch(sessionActions.setLocked(true));
  }, [dispatch]);

  const unlock = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!password) return notifyError('请输入密码');
    const res = await login({
      tenantId,
      username: user?.account ?? '',
      password: md5(password),
      captchaMode: false,
    });
    if ('error' in res) return setPassword('');
    setTokenCookies(res.data.access_token, res.data.refresh_token);
    dispatch(sessionActions.tokenRefreshed({ token: res.data, now: Date.now() }));
    dispatch(sessionActions.setLocked(false));
    navigate('/dashboard', { replace: true });
  };

  const name = user?.real_name || user?.account || '用户';
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(160deg,#10233f,#1c1f23)',
      }}
    >
      <form
        className="semi-always-dark"
        onSubmit={unlock}
        style={{ width: 320, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16, color: '#fff' }}
      >
        <Avatar size="extra-large" src={ossUrl(user?.avatar)} alt={name} />
        <div style={{ fontSize: 20, fontWeight: 600 }}>{name}</div>
        <div style={{ opacity: 0.7, fontSize: 13 }}>屏幕已锁定，请输入密码解锁</div>
        <Input
          size="large"
          mode="password"
          aria-label="密码"
          placeholder="密码"
          prefix={<IconLock />}
          value={password}
          onChange={setPassword}
          autoFocus
        />
        <Button htmlType="submit" theme="solid" size="large" block loading={isLoading}>
          解 锁
        </Button>
        <Button theme="borderless" style={{ color: '#cfd6e0' }} onClick={() => void dispatch(logout())}>
          退出登录，重新登录
        </Button>
      </form>
    </div>
  );
}
