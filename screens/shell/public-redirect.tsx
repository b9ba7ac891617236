import { Button } from '@douyinfe/semi-ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useAppSelector } from '../../core/store/hooks.ts';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';

/** Where the third-party sign-in window leaves its answer for the window that opened it (vue-element-admin). */
export const OAUTH_CODE_KEY = 'loopyard:oauth-code';
/** The solid-waste trading platform's page in the menu (固废交易平台). */
export const EXCHANGE_PAGE = '/business/exchange-record';

function Notice({ title, desc, children }: { title: string; desc: string; children?: React.ReactNode }) {
  return (
    <main
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}
      data-testid="public-redirect"
    >
      <div style={{ textAlign: 'center', maxWidth: 460 }}>
        <h1 style={{ margin: '0 0 8px', fontSize: 22, color: 'var(--semi-color-text-0)' }}>{title}</h1>
        <p style={{ margin: '0 0 24px', color: 'var(--semi-color-text-2)', lineHeight: 1.7 }}>{desc}</p>
        {children}
      </div>
    </main>
  );
}

/**
 * /auth-redirect (spec §2.2, whitelisted like vue-element-admin's): the callback page of a third-party sign-in
 * window. It hands the callback's query to the opener through localStorage and closes itself; a window the
 * browser will not close says so. It never reloads itself.
 */
export function AuthRedirectScreen() {
  const [, navigate] = useLocation();
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    try {
      window.localStorage.setItem(OAUTH_CODE_KEY, window.location.search.slice(1));
    } catch {
      /* storage off: the opener falls back to its own sign-in */
    }
    if (window.opener) {
      window.close();
      setClosed(true);
    }
  }, []);
  return (
    <Notice title="授权完成" desc={closed ? '正在关闭此窗口…' : '授权结果已保存，请关闭此窗口返回系统。'}>
      <Button theme="solid" onClick={() => navigate('/login')}>
        返回登录
      </Button>
    </Notice>
  );
}

/**
 * /exchange-redirect (spec §2.2): the way in from the trading platform. A signed-in user goes to 固废交易平台 in
 * the back office (an in-app navigation, not a reload); anyone else signs in first and lands there.
 */
export function ExchangeRedirectScreen() {
  const [, navigate] = useLocation();
  const hasToken = useAppSelector((s) => !!s.session.token);
  useEffect(() => {
    navigate(hasToken ? EXCHANGE_PAGE : `/login?redirect=${encodeURIComponent(EXCHANGE_PAGE)}`, { replace: true });
  }, [hasToken, navigate]);
  return <Notice title="交易平台跳转" desc="正在前往固废交易平台…" />;
}

export default function PublicRedirectScreen({ route }: ScreenProps) {
  return route.path === '/auth-redirect' ? <AuthRedirectScreen /> : <ExchangeRedirectScreen />;
}
