import { Button } from '@douyinfe/semi-ui';
import { useLocation } from 'wouter';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';

const TEXT: Record<string, { title: string; desc: string }> = {
  '401': { title: '未授权', desc: '您还没有登录或登录已过期，请重新登录后再访问。' },
  '403': { title: '无权访问', desc: '抱歉，您的账号没有访问此页面的权限，如需开通请联系管理员。' },
  '404': { title: '页面不存在', desc: '抱歉，您访问的页面不存在或已被移除，请检查地址是否正确。' },
  '500': { title: '服务器开小差了', desc: '抱歉，服务器出现了错误，请稍后再试。' },
};

/** Shell error pages /401, /403, /404, /500 (spec §2.3). */
export default function ErrorPage({ route }: ScreenProps) {
  const [, navigate] = useLocation();
  const code = route.path.slice(1);
  const t = TEXT[code] ?? TEXT['404'];
  return (
    <div className="ly-page" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <div style={{ textAlign: 'center', maxWidth: 460 }}>
        <div
          style={{
            fontSize: 96,
            fontWeight: 700,
            lineHeight: 1,
            letterSpacing: 4,
            background: 'linear-gradient(135deg,#34c759,#0a84ff)',
            WebkitBackgroundClip: 'text',
            color: 'transparent',
          }}
        >
          {code}
        </div>
        <h2 style={{ margin: '20px 0 8px', fontSize: 22, color: 'var(--semi-color-text-0)' }}>{t.title}</h2>
        <p style={{ margin: '0 0 28px', color: 'var(--semi-color-text-2)', lineHeight: 1.7 }}>{t.desc}</p>
        <Button theme="solid" onClick={() => navigate('/dashboard')}>
          返回首页
        </Button>
      </div>
    </div>
  );
}
