import {
  IconActivity,
  IconApps,
  IconBranch,
  IconDesktop,
  IconHistogram,
  IconServer,
  IconUserGroup,
  IconUserSetting,
} from '@douyinfe/semi-icons';
import { Button, Card, Skeleton } from '@douyinfe/semi-ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useDashboardSummaryQuery } from '../../core/api/izs-toolbox.api.ts';
import { useWorkbenchWorkQuery } from '../../core/api/izs-visual.api.ts';
import { metricHint } from '../../core/contract/izs-visual/metric-defs.ts';
import { toThousand } from '../../core/format/number.ts';
import { hasPermission } from '../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import './dashboard.css';
import { businessToday } from '../../core/format/business-day.ts';
import { kgToTonnesText as kgToTonnes } from '../../core/format/decimal-text.ts';
import { useIdleInView } from '../../features/charts/use-idle.ts';
import { BusinessFigures } from './dashboard-business.tsx';
import { WorkBlocks } from './dashboard-work.tsx';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** 今天 on the server: 2026年11月24日 星期二 (the business day, not the browser's). */
export function businessDayLabel(now = Date.now()): string {
  const [y, m, d] = businessToday(now).split('-').map(Number);
  return `${y}年${m}月${d}日 ${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}`;
}

const TrendChart = lazy(() => import('./trend-chart.tsx'));

function StatCard({
  k,
  label,
  value,
  icon,
  tone,
  to,
  hint,
}: {
  k: string;
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone: string;
  /** the list that explains the figure (one click) */
  to?: string;
  /** what the figure counts (hover) */
  hint?: string;
}) {
  const [, navigate] = useLocation();
  return (
    <div
      className={to ? 'ly-stat-link' : undefined}
      title={hint}
      data-testid={`dashboard-card-${k}`}
      onClick={to ? () => navigate(to) : undefined}
    >
      <Card className="ly-stat" bodyStyle={{ padding: 18 }}>
        <div className="ly-stat-body">
          <span className="ly-stat-icon" style={{ background: tone }}>
            {icon}
          </span>
          <div>
            <div className="ly-stat-label">{label}</div>
            <div className="ly-stat-value">{value}</div>
          </div>
        </div>
      </Card>
    </div>
  );
}

/** 磅单: the weighings behind 过磅车次 and the net weights. */
const WEIGH_LIST = '/supply-chain/weight-memo';

/**
 * Home tab (fixed, not cached), by role: the system figures (/api/izs-toolbox/dashboard/summary) only for those who
 * may manage users, the business figures and the work blocks (/api/izs-visual/dashboard/work) each only with their
 * list's grant, and the quick links the caller may open.
 */
export default function Dashboard() {
  const [, navigate] = useLocation();
  // the administrator's figures: decided from the grants already in the store, so nothing moves when answers arrive
  const system = useAppSelector((s) => hasPermission(s.permissions.map, 'system_user_view'));
  const { data, isLoading, isError, refetch } = useDashboardSummaryQuery(undefined, {
    refetchOnMountOrArgChange: true,
    skip: !system,
  });
  const work = useWorkbenchWorkQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = useAppSelector((s) => s.session.userInfo);
  const [idle, trendRef] = useIdleInView();
  const c = data?.counts;
  const t = data?.today;
  const v = (x: number | undefined) => (isLoading ? '…' : toThousand(x ?? 0));

  return (
    <div className="ly-dashboard">
      <div className="ly-welcome">
        <div>
          <h1>您好，{user?.real_name || user?.account || '欢迎使用'}</h1>
          <p>
            今天是 <span data-testid="dashboard-today">{businessDayLabel()}</span>
            ，祝您工作顺利。
          </p>
        </div>
        <Button
          theme="solid"
          type="tertiary"
          className="ly-welcome-btn"
          onClick={() => {
            if (system) void refetch();
            void work.refetch();
          }}
        >
          刷新数据
        </Button>
      </div>
      {isError && <p className="ly-dashboard-error">统计数据加载失败，请稍后刷新重试。</p>}

      {system && (
        <>
          <h2 className="ly-section-title">系统概况</h2>
          <div className="ly-stat-grid">
            <StatCard k="users" label="用户" value={v(c?.users)} icon={<IconUserGroup />} tone="#0a84ff" />
            <StatCard k="depts" label="部门" value={v(c?.depts)} icon={<IconBranch />} tone="#5e5ce6" />
            <StatCard k="roles" label="角色" value={v(c?.roles)} icon={<IconUserSetting />} tone="#ff9f0a" />
            <StatCard k="menus" label="菜单" value={v(c?.menus)} icon={<IconApps />} tone="#34c759" />
            <StatCard
              k="sessions"
              label="在线会话"
              value={v(c?.activeSessions)}
              icon={<IconDesktop />}
              tone="#ff375f"
            />
          </div>

          <h2 className="ly-section-title">今日数据</h2>
          <div className="ly-stat-grid is-six">
            <StatCard k="logins" label="登录次数" value={v(t?.logins)} icon={<IconActivity />} tone="#0a84ff" />
            <StatCard k="api-calls" label="接口调用" value={v(t?.apiCalls)} icon={<IconServer />} tone="#5e5ce6" />
            <StatCard
              k="operations"
              label="操作次数"
              value={v(t?.operations)}
              icon={<IconHistogram />}
              tone="#ff9f0a"
            />
            <StatCard
              k="weigh-count"
              label="过磅车次"
              hint="今天完成的过磅单数（过磅口径）"
              value={v(t?.weighCount)}
              icon={<IconHistogram />}
              tone="#34c759"
              to={WEIGH_LIST}
            />
            <StatCard
              k="in-net"
              label="过磅净重·采购(吨)"
              hint={metricHint('weighInNetToday')}
              value={isLoading ? '…' : kgToTonnes(t?.inNetKg)}
              icon={<IconHistogram />}
              tone="#30b0c7"
              to={WEIGH_LIST}
            />
            <StatCard
              k="out-net"
              label="过磅净重·销售(吨)"
              hint={metricHint('weighOutNetToday')}
              value={isLoading ? '…' : kgToTonnes(t?.outNetKg)}
              icon={<IconHistogram />}
              tone="#ff375f"
              to={WEIGH_LIST}
            />
          </div>
        </>
      )}
      <BusinessFigures />
      {work.data && <WorkBlocks work={work.data} />}

      <div className="ly-dash-row">
        {system && (
          <Card
            header={<h3 className="ly-card-title">近7天趋势</h3>}
            className="ly-dash-trend"
            data-testid="dashboard-card-trend"
          >
            <div ref={trendRef}>
              {data && idle ? (
                <Suspense fallback={<Skeleton.Image style={{ width: '100%', height: 300 }} />}>
                  <TrendChart trend={data.trend} />
                </Suspense>
              ) : (
                <Skeleton.Image style={{ width: '100%', height: 300 }} />
              )}
            </div>
          </Card>
        )}
        {!!work.data?.links.length && (
          <Card
            header={<h3 className="ly-card-title">快捷入口</h3>}
            className="ly-dash-links"
            data-testid="dashboard-card-links"
          >
            <div className="ly-quick-grid">
              {work.data.links.map((l) => (
                <button key={l.path} type="button" className="ly-quick" onClick={() => navigate(l.path)}>
                  {l.title}
                </button>
              ))}
            </div>
          </Card>
        )}
      </div>
    </div>
  );
}
