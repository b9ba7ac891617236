/**
 * The trucks on the yard: records waiting for their second pass (state first, in order of arrival) and today's
 * completed ones (for a reprint). Clicking a truck loads it into the workstation. Refreshes every 15 s, so
 * trucks weighed in at the other weighbridge appear here too.
 */
import { Empty, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useWeighingOrdersPageQuery } from '../../../core/api/izs-weighing-order.api.ts';
import { WEIGHING_ORDER_TYPES, type WeighingOrder } from '../../../core/contract/izs-weighing/orders.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { businessToday } from '../../../core/format/business-day.ts';

const TYPE_NAMES = Object.fromEntries(WEIGHING_ORDER_TYPES.map((t) => [t.value, t.label]));
const TYPE_COLORS: Record<string, 'blue' | 'orange' | 'cyan' | 'grey'> = {
  purchase: 'blue',
  sale: 'orange',
  transfer: 'cyan',
  other: 'grey',
};

/** yyyy-MM-dd HH:mm:ss of the start of the server's today (the server reads it in its own zone). */
export function todayStart(now = Date.now()): string {
  return `${businessToday(now)} 00:00:00`;
}

export function YardQueue({ currentId, onPick }: { currentId?: string; onPick: (r: WeighingOrder) => void }) {
  const [tab, setTab] = useState<'first' | 'completed'>('first');
  const waiting = useWeighingOrdersPageQuery(
    { weighState: 'first', current: 1, size: 100, ascs: 'firstTime' },
    { pollingInterval: 15_000 },
  );
  const done = useWeighingOrdersPageQuery(
    { weighState: 'completed', firstTimeBegin: todayStart(), current: 1, size: 50, descs: 'firstTime' },
    { pollingInterval: 30_000 },
  );
  const rows = (tab === 'first' ? waiting.data?.records : done.data?.records) ?? [];
  return (
    <section className="ly-ws-card ly-ws-queue" data-testid="yard-queue">
      <div className="ly-ws-queue-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'first'}
          className={tab === 'first' ? 'is-on' : ''}
          onClick={() => setTab('first')}
          data-testid="queue-tab-first"
        >
          待二次过磅 <b>{waiting.data?.total ?? 0}</b>
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'completed'}
          className={tab === 'completed' ? 'is-on' : ''}
          onClick={() => setTab('completed')}
          data-testid="queue-tab-completed"
        >
          今日已完成 <b>{done.data?.total ?? 0}</b>
        </button>
      </div>
      <div className="ly-ws-queue-list">
        {rows.length === 0 ? (
          <Empty description={tab === 'first' ? '场内没有待二次过磅的车辆' : '今日暂无完成的磅单'} />
        ) : (
          rows.map((r) => (
            <button
              type="button"
              key={r.id}
              className={`ly-ws-truck${r.id === currentId ? ' is-current' : ''}`}
              onClick={() => onPick(r)}
              data-testid={`queue-truck-${r.carNumber}`}
            >
              <span className="ly-ws-truck-plate">{r.carNumber}</span>
              <Tag size="small" color={TYPE_COLORS[r.orderType] ?? 'grey'}>
                {TYPE_NAMES[r.orderType] ?? r.orderType}
              </Tag>
              <span className="ly-ws-truck-weight">
                {tab === 'first' ? `${formatKg(r.firstWeight)} kg` : `净重 ${formatKg(r.netWeight ?? '0')} kg`}
              </span>
              <span className="ly-ws-truck-meta">
                {[r.materialName, r.partyName].filter(Boolean).join(' · ') || '未选物料'}
              </span>
              <span className="ly-ws-truck-time">
                {(tab === 'first' ? r.firstTime : (r.completeTime ?? r.secondTime ?? ''))?.slice(11, 16)}
                {r.firstManual || r.secondManual ? <em className="ly-ws-manual-mark">手工</em> : null}
              </span>
            </button>
          ))
        )}
      </div>
    </section>
  );
}
