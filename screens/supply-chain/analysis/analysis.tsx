import { Button, Card, DatePicker, Empty, Table, TabPane, Tabs } from '@douyinfe/semi-ui';
import { lazy, Suspense, useState } from 'react';
import { useStockAnalysisSummaryQuery } from '../../../core/api/izs-stock.api.ts';
import type { AnalysisMaterial, AnalysisParty } from '../../../core/contract/izs-stock/analysis.contract.ts';
import { WAREHOUSE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { formatDecimal, kgToTonnes } from '../../../core/format/decimal.ts';
import { FieldControl } from '../../../features/crud/field-kinds.tsx';
import { SearchItem } from '../../../features/crud/search-item.tsx';
import { monthStartStr, todayStr } from '../stock/stock-format.ts';
import './analysis.css';
import { businessDaysAgo } from '../../../core/format/business-day.ts';

const AnalysisChart = lazy(() => import('./analysis-chart.tsx'));

type Period = { beginDate: string; endDate: string; warehouseId?: string };
const t3 = (kg: string) => formatDecimal(kgToTonnes(kg), 3);
const money = (v: string) => formatDecimal(v, 2);

const QUICK: { label: string; range: () => [string, string] }[] = [
  { label: '本月', range: () => [monthStartStr(), todayStr()] },
  { label: '近30天', range: () => [businessDaysAgo(29), todayStr()] },
  { label: '本年', range: () => [`${todayStr().slice(0, 4)}-01-01`, todayStr()] },
];

function Kpi({ k, label, value, sub }: { k: string; label: string; value: string; sub?: string }) {
  return (
    <Card className="ly-an-kpi" bodyStyle={{ padding: '14px 16px' }} data-testid={`kpi-${k}`}>
      <div className="ly-an-kpi-label">{label}</div>
      <div className="ly-an-kpi-value">{value}</div>
      {sub && <div className="ly-an-kpi-sub">{sub}</div>}
    </Card>
  );
}

/** 供应链分析 (/supply-chain/analysis): the period's purchases, sales, cost, profit and stock at a glance. */
export default function SupplyChainAnalysisScreen() {
  const initial: Period = { beginDate: monthStartStr(), endDate: todayStr() };
  const [draft, setDraft] = useState<Period>(initial);
  const [period, setPeriod] = useState<Period>(initial);
  const q = useStockAnalysisSummaryQuery(period);
  const s = q.data;
  const tot = s?.totals;

  const materialCols = [
    { title: '物料', dataIndex: 'materialName' },
    { title: '采购量(吨)', dataIndex: 'purchaseQty', align: 'right' as const, render: t3 },
    { title: '采购金额', dataIndex: 'purchaseAmount', align: 'right' as const, render: money },
    { title: '销售量(吨)', dataIndex: 'saleQty', align: 'right' as const, render: t3 },
    { title: '销售金额', dataIndex: 'saleAmount', align: 'right' as const, render: money },
    { title: '毛利', dataIndex: 'grossProfit', align: 'right' as const, render: money },
  ];
  const partyCols = (label: string) => [
    { title: label, dataIndex: 'partyName' },
    { title: '单据数', dataIndex: 'docs', align: 'right' as const, width: 80 },
    { title: '数量(吨)', dataIndex: 'qty', align: 'right' as const, render: t3 },
    { title: '金额', dataIndex: 'amount', align: 'right' as const, render: money },
  ];

  return (
    <div className="ly-an" data-testid="supply-chain-analysis">
      <div className="ly-an-bar">
        <SearchItem label="日期范围" wide>
          <DatePicker
            type="dateRange"
            value={[draft.beginDate, draft.endDate]}
            format="yyyy-MM-dd"
            style={{ width: 260 }}
            onChange={(_d, str) => {
              const [b, e] = (str as string[] | undefined) ?? [];
              setDraft({ ...draft, beginDate: b ?? '', endDate: e ?? '' });
            }}
            data-testid="analysis-range"
          />
        </SearchItem>
        <SearchItem label="仓库" wide style={{ width: 240 }}>
          <FieldControl
            spec={{ field: 'warehouseId', label: '仓库', kind: 'select', options: WAREHOUSE_SELECT }}
            value={draft.warehouseId}
            onChange={(v) => setDraft({ ...draft, warehouseId: (v as string | undefined) || undefined })}
          />
        </SearchItem>
        {QUICK.map((r) => (
          <Button
            key={r.label}
            onClick={() => {
              const [beginDate, endDate] = r.range();
              setDraft({ ...draft, beginDate, endDate });
              setPeriod({ ...draft, beginDate, endDate });
            }}
          >
            {r.label}
          </Button>
        ))}
        <Button theme="solid" onClick={() => setPeriod(draft)} data-testid="analysis-search">
          搜索
        </Button>
        <Button
          onClick={() => {
            setDraft(initial);
            setPeriod(initial);
          }}
        >
          重置
        </Button>
      </div>

      <div className="ly-an-kpis">
        <Kpi
          k="purchase"
          label="采购入库(吨)"
          value={tot ? t3(tot.purchaseQty) : '—'}
          sub={tot && `${money(tot.purchaseAmount)} 元 · ${tot.purchaseDocs} 单`}
        />
        <Kpi
          k="sale"
          label="销售出库(吨)"
          value={tot ? t3(tot.saleQty) : '—'}
          sub={tot && `${money(tot.saleAmount)} 元 · ${tot.saleDocs} 单`}
        />
        <Kpi k="cost" label="销售成本(元)" value={tot ? money(tot.saleCost) : '—'} />
        <Kpi
          k="profit"
          label="毛利(元)"
          value={tot ? money(tot.grossProfit) : '—'}
          sub={tot && (tot.margin ? `毛利率 ${tot.margin}%` : '本期无销售')}
        />
        <Kpi
          k="stock"
          label="当前库存(吨)"
          value={tot ? t3(tot.stockQty) : '—'}
          sub={tot && `${money(tot.stockAmount)} 元`}
        />
      </div>

      <Card className="ly-an-card" title="每日购销走势" bodyStyle={{ padding: 12 }}>
        {s?.daily.length ? (
          <Suspense fallback={<div className="ly-an-chart" />}>
            <AnalysisChart daily={s.daily} />
          </Suspense>
        ) : (
          <div className="ly-an-chart" />
        )}
      </Card>

      <div className="ly-an-grid">
        <Card className="ly-an-card" title="物料购销排行" bodyStyle={{ padding: 0 }}>
          <Table<AnalysisMaterial>
            size="small"
            rowKey="materialId"
            columns={materialCols}
            dataSource={s?.materials ?? []}
            pagination={false}
            loading={q.isFetching}
            empty={<Empty description="暂无数据" />}
            data-testid="analysis-materials"
          />
        </Card>
        <Card className="ly-an-card" bodyStyle={{ padding: '0 0 4px' }}>
          <Tabs type="line" tabBarStyle={{ padding: '0 16px' }}>
            <TabPane tab="供应商排行" itemKey="suppliers">
              <Table<AnalysisParty>
                size="small"
                rowKey="partyId"
                columns={partyCols('供应商')}
                dataSource={s?.suppliers ?? []}
                pagination={false}
                empty={<Empty description="暂无数据" />}
                data-testid="analysis-suppliers"
              />
            </TabPane>
            <TabPane tab="客户排行" itemKey="customers">
              <Table<AnalysisParty>
                size="small"
                rowKey="partyId"
                columns={partyCols('客户')}
                dataSource={s?.customers ?? []}
                pagination={false}
                empty={<Empty description="暂无数据" />}
                data-testid="analysis-customers"
              />
            </TabPane>
          </Tabs>
        </Card>
      </div>
    </div>
  );
}
