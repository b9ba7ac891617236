/**
 * 业务概况 on the home dashboard: today's and this month's purchase and sale amounts, vouchers waiting for review and
 * posting, receivables overdue and payables due — each computed by the server (dashboard.contract.ts) and one click
 * from the list that explains it. A figure the user may not view is not shown.
 */
import { Card, Skeleton } from '@douyinfe/semi-ui';
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useDashboardBusinessQuery } from '../../core/api/izs-visual.api.ts';
import { DASHBOARD_LINKS as L } from '../../core/contract/izs-visual/dashboard.contract.ts';

const BusinessTrend = lazy(() => import('./business-trend.tsx'));

function Figure(props: { k: string; label: string; value: string; sub?: string; to: string; tone: string }) {
  const [, navigate] = useLocation();
  return (
    <div className="ly-stat-link" data-testid={`dashboard-card-${props.k}`} onClick={() => navigate(props.to)}>
      <Card className="ly-stat" bodyStyle={{ padding: 16 }}>
        <div className="ly-stat-label">{props.label}</div>
        <div className="ly-stat-value" style={{ color: props.tone }} data-testid={`dashboard-value-${props.k}`}>
          {props.value}
        </div>
        {props.sub && <div className="ly-stat-label">{props.sub}</div>}
      </Card>
    </div>
  );
}

/** Thousands separators on the decimal string itself (no float round trip: 1200.50 stays 1,200.50). */
const yuan = (v: string) => v.replace(/^(-?\d+)/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

export function BusinessFigures() {
  const { data } = useDashboardBusinessQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data) return null;
  const day = `?beginDate=${data.today}&endDate=${data.today}`;
  const cards = [
    data.purchase && (
      <Figure
        key="pt"
        k="purchase-today"
        label="今日采购额(元)"
        value={yuan(data.purchase.today)}
        to={`${L.purchase.path}${day}`}
        tone="#0a84ff"
      />
    ),
    data.purchase && (
      <Figure
        key="pm"
        k="purchase-month"
        label="本月采购额(元)"
        value={yuan(data.purchase.month)}
        to={L.purchase.path}
        tone="#0a84ff"
      />
    ),
    data.sale && (
      <Figure
        key="st"
        k="sale-today"
        label="今日销售额(元)"
        value={yuan(data.sale.today)}
        to={`${L.sale.path}${day}`}
        tone="#34c759"
      />
    ),
    data.sale && (
      <Figure
        key="sm"
        k="sale-month"
        label="本月销售额(元)"
        value={yuan(data.sale.month)}
        to={L.sale.path}
        tone="#34c759"
      />
    ),
    data.vouchers && (
      <Figure
        key="vr"
        k="vouchers-review"
        label="待审核凭证"
        value={String(data.vouchers.toReview)}
        to={L.vouchersToReview.path}
        tone="#ff9f0a"
      />
    ),
    data.vouchers && (
      <Figure
        key="vp"
        k="vouchers-post"
        label="待过账凭证"
        value={String(data.vouchers.toPost)}
        to={L.vouchersToPost.path}
        tone="#ff9f0a"
      />
    ),
    data.receivablesOverdue && (
      <Figure
        key="ar"
        k="ar-overdue"
        label="逾期应收(元)"
        value={yuan(data.receivablesOverdue.amount)}
        sub={`${data.receivablesOverdue.docs} 张应收单`}
        to={L.receivables.path}
        tone="#ff375f"
      />
    ),
    data.payablesDue && (
      <Figure
        key="ap"
        k="ap-due"
        label="到期应付(元)"
        value={yuan(data.payablesDue.amount)}
        sub={`${data.payablesDue.docs} 张应付单`}
        to={L.payables.path}
        tone="#5e5ce6"
      />
    ),
  ].filter(Boolean);
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
          <Suspense fallback={<Skeleton.Image style={{ width: '100%', height: 240 }} />}>
            <BusinessTrend trend={data.trend} />
          </Suspense>
        </Card>
      )}
    </>
  );
}
