/**
 * /visual/finance-data — 财务数据大屏: cash and bank, profit this month and year, the 12-month trend (the books),
 * receivables and payables with aging (izs-finance-ar).
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { type FinanceAnswer, VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { wan } from '../../features/wall/format.ts';
import { ChartBox, Figure, Panel, WALL, WallFrame } from '../../features/wall/frame.tsx';
import { useWallChart, WALL_AXIS } from '../../features/wall/use-wall-chart.ts';
import { useWallConfig } from '../../features/wall/use-wall-config.ts';
import { useWallData } from '../../features/wall/use-wall-data.ts';
import { ArapPanel } from './arap-panel.tsx';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

function Trend({ trend }: { trend: FinanceAnswer['trend'] }) {
  const option = useMemo(
    () => ({
      legend: { top: 0, left: 'center', textStyle: { color: WALL.text, fontSize: 16 } },
      tooltip: { trigger: 'axis' },
      grid: { left: 80, right: 30, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: trend.map((t) => t.period), ...WALL_AXIS },
      yAxis: { type: 'value', name: '万元', nameTextStyle: { color: WALL.dim }, ...WALL_AXIS },
      series: [
        { name: '营业收入', type: 'bar', data: trend.map((t) => wan(t.revenue)) },
        { name: '利润', type: 'bar', data: trend.map((t) => wan(t.profit)) },
        { name: '货币资金', type: 'line', smooth: true, data: trend.map((t) => wan(t.cashAndBank)) },
      ],
    }),
    [trend],
  );
  return <ChartBox chartRef={useWallChart(option)} testId="finance-trend" />;
}

/** 业财对账's last run of a book (issue 21): a badge when it is not clean, opening the reconciliation screen. */
function ReconBadge({ run }: { run: FinanceAnswer['reconcile'][number] | undefined }) {
  if (!run) return null;
  const style = {
    display: 'inline-block',
    marginLeft: 8,
    padding: '0 10px',
    borderRadius: 12,
    fontSize: 16,
    lineHeight: '26px',
    textDecoration: 'none',
  };
  return run.clean ? (
    <span
      data-testid="fin-recon-clean"
      title={`业财对账 ${run.period}（${run.runTime}）`}
      style={{ ...style, color: '#52c41a', border: '1px solid #52c41a' }}
    >
      账实一致
    </span>
  ) : (
    <a
      href="/finance/reconcile"
      target="_blank"
      rel="noreferrer"
      data-testid="fin-recon-badge"
      title={`业财对账 ${run.period}（${run.runTime}）：总账与往来、库存或发票不符，点击查看原因`}
      style={{ ...style, color: '#1f1f1f', background: '#faad14' }}
    >
      业财对账 {run.differences} 处差异
    </a>
  );
}

export default function Finance() {
  const cfg = useWallConfig();
  // ?book=<id> shows one book; without it every book the user may see, summed — and the panels say so
  const book = new URLSearchParams(useSearch()).get('book');
  const { data, error, stale } = useWallData(
    VISUAL_ENDPOINTS.finance,
    book ? { query: { book } } : {},
    cfg.refreshSeconds * 1000,
  );
  const summed = data && data.books.length > 1 ? `（${data.books.length}个账套合计）` : '';
  return (
    <WallFrame title="财务数据大屏" today={data?.today} error={error} stale={stale} loading={!data}>
      {data && (
        <main
          style={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr 1fr',
            gridTemplateRows: '170px 1fr 390px',
            gap: 20,
            padding: 20,
            height: 984,
            boxSizing: 'border-box',
          }}
        >
          <Panel title={`货币资金${summed}`}>
            <div style={{ display: 'flex' }}>
              <Figure label="库存现金" value={wan(data.cash)} unit="万元" testId="fin-cash" />
              <Figure label="银行存款" value={wan(data.bank)} unit="万元" testId="fin-bank" />
            </div>
          </Panel>
          <Panel title={`利润${summed}`}>
            <div style={{ display: 'flex' }}>
              <Figure label="本月利润" value={wan(data.profitMonth)} unit="万元" testId="fin-profit-month" />
              <Figure
                label={data.profitYearOpening === '0.00' ? '本年利润' : '本年利润（含期初累计）'}
                value={wan(data.profitYear)}
                unit="万元"
                testId="fin-profit-year"
              />
            </div>
          </Panel>
          <Panel title={`本月营业收入${summed}`}>
            <Figure label="主营及其他业务收入" value={wan(data.revenueMonth)} unit="万元" testId="fin-revenue" />
          </Panel>
          <Panel title={`近12个月趋势${summed}`} style={{ gridColumn: '1 / span 3' }}>
            <Trend trend={data.trend} />
          </Panel>
          <Panel title={`应收账款及账龄${summed}`}>
            <ArapPanel f={data.receivables} prefix="fin-ar" />
          </Panel>
          <Panel title={`应付账款及账龄${summed}`}>
            <ArapPanel f={data.payables} prefix="fin-ap" />
          </Panel>
          <Panel title="统计账套">
            <ul style={{ margin: 0, paddingLeft: 24, fontSize: 20 }}>
              {data.books.map((b) => (
                <li key={b.accountSetId}>
                  {b.name} <small style={{ color: WALL.dim }}>{b.deptName}</small>{' '}
                  <ReconBadge run={data.reconcile.find((r) => r.accountSetId === b.accountSetId)} />
                </li>
              ))}
              {data.books.length === 0 && <li>尚未建立账套</li>}
            </ul>
          </Panel>
        </main>
      )}
    </WallFrame>
  );
}
