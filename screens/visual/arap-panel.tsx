/**
 * Receivables or payables on the finance wall screen: the 余额 (业财对账's definition: open documents − unsettled
 * 预收 / 预付, both shown under it), overdue, due within 7 days, aging bars of the open documents, top parties.
 */
import Decimal from 'decimal.js';
import type { ArapFigure } from '../../core/contract/izs-visual/money.ts';
import { AGING_BUCKETS } from '../../core/finance-ar/aging.ts';
import { formatPercent } from '../../core/format/amounts.ts';
import { wan } from '../../features/wall/format.ts';
import { Figure, WALL } from '../../features/wall/frame.tsx';

/** Width of a bar in percent of the largest (display only; the figures stay decimal strings). */
const share = (v: string, max: string) => (new Decimal(max).lte(0) ? '0%' : formatPercent(new Decimal(v).div(max), 1));

export function ArapPanel({ f, prefix }: { f: ArapFigure; prefix: string }) {
  const pre = prefix.endsWith('-ap') ? '应付' : '应收';
  const doc = `${pre}单`;
  const buckets = AGING_BUCKETS.map((b) => ({ name: b.name, value: f.aging[b.key] }));
  const max = buckets.reduce((a, b) => (new Decimal(b.value).gt(a) ? b.value : a), '0');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex' }}>
        <Figure
          label="余额"
          value={wan(f.balance)}
          unit="万元"
          size={36}
          testId={`${prefix}-balance`}
          hint={`${pre}余额 = 未结${doc}合计 − 未核销${pre === '应收' ? '预收' : '预付'}款，与业财对账及总账科目同口径`}
        />
        <Figure
          label={`已逾期（${f.overdueDocs} 单）`}
          value={wan(f.overdue)}
          unit="万元"
          size={36}
          testId={`${prefix}-overdue`}
        />
        <Figure label="7天内到期" value={wan(f.dueSoon)} unit="万元" size={36} testId={`${prefix}-due-soon`} />
      </div>
      <div style={{ fontSize: 16, color: WALL.dim }}>
        = 未结{doc} <span data-testid={`${prefix}-open`}>{wan(f.open)}</span> 万（{f.docs} 单） − 未核销
        {pre === '应收' ? '预收' : '预付'} <span data-testid={`${prefix}-unapplied`}>{wan(f.unapplied)}</span> 万
      </div>
      <div data-testid={`${prefix}-aging`}>
        {buckets.map((b) => (
          <div
            key={b.name}
            style={{ display: 'grid', gridTemplateColumns: '110px 1fr 120px', gap: 10, alignItems: 'center' }}
          >
            <span style={{ fontSize: 18, color: WALL.dim }}>{b.name}</span>
            <span style={{ height: 14, background: 'rgba(143,179,232,.12)', borderRadius: 7 }}>
              <span
                style={{
                  display: 'block',
                  height: 14,
                  width: share(b.value, max),
                  borderRadius: 7,
                  background: b.name === '90天以上' ? WALL.up : WALL.blue,
                }}
              />
            </span>
            <span style={{ fontSize: 18, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {wan(b.value)} 万
            </span>
          </div>
        ))}
      </div>
      <ol style={{ margin: 0, paddingLeft: 24, fontSize: 18 }} data-testid={`${prefix}-top`}>
        {f.top.map((p) => (
          <li key={p.partyId}>
            {p.partyName} <span style={{ color: WALL.dim }}>{wan(p.open)} 万</span>
            {p.overdue !== '0.00' && <span style={{ color: WALL.warn }}> · 逾期 {wan(p.overdue)} 万</span>}
          </li>
        ))}
        {f.top.length === 0 && <li style={{ color: WALL.dim }}>无未结清单据</li>}
      </ol>
    </div>
  );
}
