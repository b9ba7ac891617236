/**
 * 业务概况 on the home dashboard: today's and this month's purchase and sale amounts, vouchers waiting for review and
 * posting, receivables overdue and payables due — each computed by the server (dashboard.contract.ts) and one click
 * from the list that explains it. A figure the user may not view is not shown.
 */
import { Card, Skeleton } from '@douyinfe/semi-ui';
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useDashboardBusinessQuery } from '../../core/api/izs-visual.api.ts';
// the home page is on the first load after sign-in: zod-free contract modules and no decimal.js (figures are shown,
// not computed)
import type { DashboardAnswer } from '../../core/contract/izs-visual/dashboard.contract.ts';
import { DASHBOARD_LINKS as L } from '../../core/contract/izs-visual/home-links.ts';
import { METRICS, type MetricName, metricHint } from '../../core/contract/izs-visual/metric-defs.ts';
import { groupThousands } from '../../core/format/decimal-text.ts';
import { useIdleInView } from '../../features/charts/use-idle.ts';

const BusinessTrend = lazy(() => import('./business-trend.tsx'));

function Figure(props: {
  k: string;
  label: string;
  value: string;
  sub?: string;
  to: string;
  tone: string;
  metric?: MetricName;
  raw?: string;
}) {
  const [, navigate] = useLocation();
  return (
    <div
      className="ly-stat-link"
      data-testid={`dashboard-card-${props.k}`}
      onClick={() => navigate(props.to)}
      title={props.metric && metricHint(props.metric)}
    >
      <Card className="ly-stat" bodyStyle={{ padding: 16 }}>
        <div className="ly-stat-label">{props.label}</div>
        <div
          className="ly-stat-value"
          style={{ color: props.tone }}
          data-testid={`dashboard-value-${props.k}`}
          data-metric={props.metric}
          data-value={props.raw}
        >
          {props.value}
        </div>
        {props.sub && <div className="ly-stat-label">{props.sub}</div>}
      </Card>
    </div>
  );
}

interface Shown {
  value: string;
  sub?: string;
  to: string;
  /** the exact decimal string of a registry metric */
  raw?: string;
}

const BLUE = '#0a84ff';
const GREEN = '#1e8e3e';
const ORANGE = '#b86200';

/**
 * The cards in their order: each reads its figure from the answer, or nothing when the user may not view it (the
 * server answers null). Money keeps its decimal string, grouped by thousands (core/format/amounts).
 */
const money = (raw: string, to: string): Shown => ({ value: groupThousands(raw), raw, to });
const CARDS: {
  k: string;
  label: string;
  tone: string;
  metric?: MetricName;
  /** a second line under the figure (its documents' count) */
  sub?: true;
  of: (d: DashboardAnswer, day: string) => Shown | null;
}[] = [
  {
    k: 'purchase-today',
    label: `${METRICS.purchaseAmountToday.label}(元)`,
    metric: 'purchaseAmountToday',
    tone: BLUE,
    of: (d, day) => d.purchase && money(d.purchase.today, `${L.purchase.path}${day}`),
  },
  {
    k: 'purchase-month',
    label: `${METRICS.purchaseAmountMonth.label}(元)`,
    metric: 'purchaseAmountMonth',
    tone: BLUE,
    of: (d) => d.purchase && money(d.purchase.month, L.purchase.path),
  },
  {
    k: 'sale-today',
    label: `${METRICS.saleAmountToday.label}(元)`,
    metric: 'saleAmountToday',
    tone: GREEN,
    of: (d, day) => d.sale && money(d.sale.today, `${L.sale.path}${day}`),
  },
  {
    k: 'sale-month',
    label: `${METRICS.saleAmountMonth.label}(元)`,
    metric: 'saleAmountMonth',
    tone: GREEN,
    of: (d) => d.sale && money(d.sale.month, L.sale.path),
  },
  {
    k: 'vouchers-review',
    label: '待审核凭证',
    tone: ORANGE,
    of: (d) => d.vouchers && { value: String(d.vouchers.toReview), to: L.vouchersToReview.path },
  },
  {
    k: 'vouchers-post',
    label: '待过账凭证',
    tone: ORANGE,
    of: (d) => d.vouchers && { value: String(d.vouchers.toPost), to: L.vouchersToPost.path },
  },
  {
    k: 'ar-overdue',
    label: '逾期应收(元)',
    sub: true,
    tone: '#ff375f',
    of: ({ receivablesOverdue: r }) =>
      r && { value: groupThousands(r.amount), sub: `${r.docs} 张应收单`, to: L.receivables.path },
  },
  {
    k: 'ap-due',
    label: '到期应付(元)',
    sub: true,
    tone: '#5e5ce6',
    of: ({ payablesDue: p }) =>
      p && { value: groupThousands(p.amount), sub: `${p.docs} 张应付单`, to: L.payables.path },
  },
];

/**
 * While the answer is on its way the section keeps its place (a card per figure, the chart's frame), so nothing
 * below it moves when the figures arrive.
 */
function Waiting() {
  return (
    <>
      <h2 className="ly-section-title">业务概况</h2>
      <div className="ly-stat-grid is-four" aria-busy="true">
        {CARDS.map((c) => (
          <Card key={c.k} className="ly-stat" bodyStyle={{ padding: 16 }}>
            <div className="ly-stat-label">{c.label}</div>
            <div className="ly-stat-value">…</div>
            {c.sub && <div className="ly-stat-label">&nbsp;</div>}
          </Card>
        ))}
      </div>
      <Card header={<h3 className="ly-card-title">近7天采购与销售额</h3>} style={{ marginTop: 12 }}>
        <Skeleton.Image style={{ width: '100%', height: 240 }} />
      </Card>
    </>
  );
}

export function BusinessFigures() {
  const { data, isLoading } = useDashboardBusinessQuery(undefined, { refetchOnMountOrArgChange: true });
  const [idle, trendRef] = useIdleInView();
  if (!data) return isLoading ? <Waiting /> : null;
  const day = `?beginDate=${data.today}&endDate=${data.today}`;
  const cards = CARDS.flatMap((c) => {
    const shown = c.of(data, day);
    return shown ? [<Figure key={c.k} k={c.k} label={c.label} tone={c.tone} metric={c.metric} {...shown} />] : [];
  });
  if (!cards.length) return null;
  return (
    <>
      <h2 className="ly-section-title">业务概况（{data.today}）</h2>
      <div className="ly-stat-grid is-four" data-testid="dashboard-business">
        {cards}
      </div>
      {(data.purchase || data.sale) && (
        <Card
          header={<h3 className="ly-card-title">近7天采购与销售额</h3>}
          style={{ marginTop: 12 }}
          data-testid="dashboard-card-business-trend"
        >
          <div ref={trendRef}>
            {idle ? (
              <Suspense fallback={<Skeleton.Image style={{ width: '100%', height: 240 }} />}>
                <BusinessTrend trend={data.trend} />
              </Suspense>
            ) : (
              <Skeleton.Image style={{ width: '100%', height: 240 }} />
            )}
          </div>
        </Card>
      )}
    </>
  );
}
