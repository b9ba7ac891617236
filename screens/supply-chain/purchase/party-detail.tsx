import { useStockPartySummaryQuery } from '../../../core/api/izs-stock.api.ts';
import type { ResourceDef } from '../../../core/contract/resource.ts';
import { formatDecimal, kgToTonnes } from '../../../core/format/decimal.ts';
import { ResourceDetailPage } from '../../../features/crud/resource-detail-page.tsx';

/** Counts and totals of a supplier or customer (party/summary): weighings, reviewed documents, kg / t, amount. */
export function PartySummaryCard({ id, docLabel }: { id: string; docLabel: string }) {
  const q = useStockPartySummaryQuery({ id });
  const s = q.data;
  const items: [string, string][] = s
    ? [
        ['过磅次数', String(s.weighings)],
        [docLabel, String(s.documents)],
        ['累计数量', `${formatDecimal(s.qty, 3)} kg（${kgToTonnes(s.qty)} t）`],
        ['累计金额', `${formatDecimal(s.amount)} 元`],
        ['最近业务', s.lastTime ?? '—'],
      ]
    : [];
  return (
    <div className="ly-detail">
      <section className="ly-detail-card" data-testid="detail-card-业务汇总">
        <div className="ly-detail-head">
          <h3 className="ly-detail-card-title">业务汇总</h3>
        </div>
        <div className="ly-detail-grid">
          {items.map(([label, value]) => (
            <div className="ly-detail-item" key={label}>
              <span className="ly-detail-item-label">{label}</span>
              <span className="ly-detail-item-value">{value}</span>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

/** 供应商详情 / 客户详情: the party's cards and its business summary. */
export function PartyDetail({ def, path, docLabel }: { def: ResourceDef; path: string; docLabel: string }) {
  const id = path.split('/').pop() ?? '';
  return (
    <div className="ly-stack">
      <ResourceDetailPage def={def} id={id} title={(row) => `${def.title}详情：${row.name}`} />
      <PartySummaryCard id={id} docLabel={docLabel} />
    </div>
  );
}
