import { Button } from '@douyinfe/semi-ui';
import { useLocation } from 'wouter';
import { dec } from '../../core/accounting/amount.ts';
import type { LedgerRowAnswer } from '../../core/contract/izs-financing/books.contract.ts';
import { moneyText } from './fin-model.ts';

const KIND_CLASS: Record<LedgerRowAnswer['kind'], string> = {
  opening: 'is-sub',
  posting: '',
  periodTotal: 'is-sub',
  yearTotal: 'is-total',
};

/** Postings leave a zero side blank; 期初 has no sides; totals always show their figure. */
const cell = (r: LedgerRowAnswer, v: string) =>
  r.kind === 'opening' ? '' : r.kind === 'posting' && dec(v).isZero() ? '' : moneyText(v);

/**
 * Rows of a 明细账 / 总账 / 日记账 (books.contract LedgerRowAnswer): 期初余额, postings with their voucher (a link to
 * it), 本期合计 and 本年累计 lines, 借/贷/平 and the running balance. Money right-aligned with separators.
 */
export function LedgerTable({ rows, testId }: { rows: LedgerRowAnswer[]; testId?: string }) {
  const [, navigate] = useLocation();
  return (
    <table className="ly-fin-table" data-testid={testId}>
      <thead>
        <tr>
          <th style={{ width: 90 }}>日期</th>
          <th style={{ width: 80 }}>凭证字号</th>
          <th>摘要</th>
          <th style={{ width: 130 }}>借方</th>
          <th style={{ width: 130 }}>贷方</th>
          <th style={{ width: 40 }}>方向</th>
          <th style={{ width: 140 }}>余额</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.kind}:${r.period}:${r.voucherId}:${r.date}:${String(i)}`} className={KIND_CLASS[r.kind]}>
            <td>{r.date || r.period}</td>
            <td>
              {r.voucherId ? (
                <Button
                  size="small"
                  theme="borderless"
                  onClick={() => navigate(`/finance/voucher/list/${r.voucherId}`)}
                >
                  {r.voucher}
                </Button>
              ) : (
                r.voucher
              )}
            </td>
            <td>{r.summary}</td>
            <td className="m">{cell(r, r.debit)}</td>
            <td className="m">{cell(r, r.credit)}</td>
            <td style={{ textAlign: 'center' }}>{r.side}</td>
            <td className="m">{moneyText(r.balance)}</td>
          </tr>
        ))}
        {!rows.length && (
          <tr>
            <td colSpan={7} className="ly-fin-muted" style={{ textAlign: 'center', padding: 20 }}>
              暂无数据
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
