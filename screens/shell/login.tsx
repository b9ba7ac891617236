import { IconKey, IconLock, IconUser } from '@douyinfe/semi-icons';
import { Button, Input, Spin } from '@douyinfe/semi-ui';
import { md5 } from 'js-md5';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useCaptchaQuery, useLoginConfigQuery, useLoginMutation } from '../../core/api/blade-auth.api.ts';
import { notifyError } from '../../core/api/notify.ts';
import { APP_VERSION, DEFAULT_TENANT_ID, PRODUCT_TITLE } from '../../core/contract/wire.ts';
import { loadSiteInfo } from '../../core/session/server-clock.ts';
import { completeLogin } from '../../core/session/session-actions.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import './login.css';
import '../../features/ui/motion.css';

/** After login: the redirect query or /dashboard, passing every other query key along (bladex-contract §9.1). */
export function afterLoginPath(query: Record<string, string>): string {
  const { redirect, ...other } = query;
  const target = redirect || '/dashboard';
  const qs = new URLSearchParams(other).toString();
  if (!qs) return target;
  return target + (target.includes('?') ? '&' : '?') + qs;
}

export default function LoginScreen({ query }: ScreenProps) {
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const config = useLoginConfigQuery();
  // Without the config (server unreachable) assume captcha on, the safe default.
  const captchaMode = config.data ? config.data.captchaMode : config.isError;
  const tenantMode = config.data ? config.data.tenantMode : true;
  const captcha = useCaptchaQuery(undefined, { skip: !captchaMode });
  const [login, { isLoading }] = useLoginMutation();
  const [form, setForm] = useState({ tenantId: DEFAULT_TENANT_ID, username: '', password: '', code: '' });
  const [busy, setBusy] = useState(false);
  // the demo account is offered only when the database holds the demo data (SEED_DEMO)
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let live = true;
    void loadSiteInfo().then((info) => live && setDemo(!!info?.demo));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (config.data?.defaultTenantId) setForm((f) => ({ ...f, tenantId: f.tenantId || config.data!.defaultTenantId }));
  }, [config.data]);

  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (tenantMode && !form.tenantId.trim()) return notifyError('请输入租户编号');
    if (!form.username.trim()) return notifyError('请输入账号');
    if (!form.password) return notifyError('请输入密码');
    if (captchaMode && !form.code.trim()) return notifyError('请输入验证码');
    setBusy(true);
    const res = await login({
      tenantId: form.tenantId.trim() || DEFAULT_TENANT_ID,
      username: form.username.trim(),
      password: md5(form.password),
      captchaMode,
      captchaKey: captcha.data?.key,
      captchaCode: form.code.trim(),
    });
    if ('error' in res) {
      // spec §4: the error toast is shown by the baseQuery; nothing is stored; a new captcha
      setBusy(false);
      setForm((f) => ({ ...f, code: '' }));
      if (captchaMode) void captcha.refetch();
      return;
    }
    setBusy(false);
    // Same tick: the guard then sees the token on the target page and loads routes + buttons (spec §2.1 rule 4).
    dispatch(completeLogin(res.data));
    navigate(afterLoginPath(query), { replace: true });
  };

  return (
    <div className="ly-login">
      <section className="ly-login-hero">
        <div className="ly-login-brand">
          <span className="ly-login-logo">L</span>
          <span>Loopyard</span>
        </div>
        <h1>再生资源数字化管理平台</h1>
        <p>过磅、采购、销售、库存与财务一体化，让每一吨再生资源都有据可查。</p>
        <ul>
          <li>智能过磅 · 磅单实时生成</li>
          <li>采销存一体 · 成本自动核算</li>
          <li>多账套财务 · 凭证报表联动</li>
        </ul>
        <footer>
          {PRODUCT_TITLE} · v{config.data?.version ?? APP_VERSION}
        </footer>
      </section>
      <section className="ly-login-panel">
        <form className="ly-login-card" onSubmit={submit} aria-label="登录">
          <h2>账号登录</h2>
          <p className="ly-login-sub">欢迎回来，请登录您的账号</p>
          {tenantMode && (
            <Input
              size="large"
              aria-label="租户编号"
              placeholder="租户编号"
              prefix={<IconKey />}
              value={form.tenantId}
              onChange={set('tenantId')}
              name="tenantId"
            />
          )}
          <Input
            size="large"
            aria-label="账号"
            placeholder="账号"
            prefix={<IconUser />}
            value={form.username}
            onChange={set('username')}
            name="username"
            autoComplete="username"
          />
          <Input
            size="large"
            mode="password"
            aria-label="密码"
            placeholder="密码"
            prefix={<IconLock />}
            value={form.password}
            onChange={set('password')}
            name="password"
            autoComplete="current-password"
          />
          {captchaMode && (
            <div className="ly-login-captcha">
              <Input
                size="large"
                aria-label="验证码"
                placeholder="验证码"
                value={form.code}
                onChange={set('code')}
                name="captcha"
                maxLength={8}
              />
              <button
                type="button"
                className="ly-captcha-btn"
                title="看不清？点击刷新"
                onClick={() => void captcha.refetch()}
              >
                {captcha.data ? (
                  <img data-testid="captcha-img" src={captcha.data.image} alt="验证码" width={120} height={40} />
                ) : (
                  <Spin size="small" />
                )}
              </button>
            </div>
          )}
          {/* a native submit button keeps Enter-to-submit working in every field */}
          <Button htmlType="submit" theme="solid" size="large" block loading={busy || isLoading}>
            登 录
          </Button>
          {demo && (
            <p className="ly-login-hint" data-testid="login-demo-hint">
              演示账号：admin / admin（租户 {DEFAULT_TENANT_ID}）
            </p>
          )}
        </form>
      </section>
    </div>
  );
}
