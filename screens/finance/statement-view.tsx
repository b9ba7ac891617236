import { Input, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useBooksBalanceSheetQuery, useBooksIncomeStatementQuery } from '../../core/api/izs-financing-books.api.ts';
import { useBook } from '../../features/account-set/accounting-frame.tsx';
import { Named } from '../../features/ui/field.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';
import { PostedQuery } from './fin-controls.tsx';

const CONFIG = {
  balance_sheet: {
    title: '资产负债表',
    columns: [
      ['closing', '期末余额'],
      ['yearOpening', '年初余额'],
    ],
  },
  income_statement: {
    title: '利润表',
    columns: [
      ['month', '本月金额'],
      ['ytd', '本年累计金额'],
    ],
  },
} as const;

/** A statement of the current book for one period: rows with their line numbers, right-aligned money, the checks. */
export function StatementView({ report }: { report: keyof typeof CONFIG }) {
  const book = useBook();
  const cfg = CONFIG[report];
  const [draft, setDraft] = useState({ period: book.currentPeriod, posted: '' });
  const [q, setQ] = useState(draft);
  const sheet = useBooksBalanceSheetQuery(q, { skip: report !== 'balance_sheet', refetchOnMountOrArgChange: true });
  const income = useBooksIncomeStatementQuery(q, {
    skip: report !== 'income_statement',
    refetchOnMountOrArgChange: true,
  });
  const { data, isFetching } = report === 'balance_sheet' ? sheet : income;
  return (
    <div data-testid={`statement-${report}`} style={{ maxWidth: 980 }}>
      <div className="ly-fin-tools">
        <span className="ly-fin-title">{cfg.title}</span>
        <Named name="期间">
          <Input
            size="small"
            prefix="期间"
            style={{ width: 140 }}
            value={draft.period}
            onChange={(v) => setDraft({ ...draft, period: v })}
          />
        </Named>
        <PostedQuery draft={draft} setDraft={setDraft} loading={isFetching} onQuery={() => setQ(draft)} />
        {data && (
          <span className="ly-fin-check" data-testid="statement-check">
            {data.checks.map((c) => (
              <Tag key={`${c.label}${c.column}`} color={c.ok ? 'green' : 'red'} style={{ marginLeft: 4 }}>
                {c.label}：{moneyCell(c.left) || '0.00'} {c.ok ? '=' : '≠'} {moneyCell(c.right) || '0.00'}
              </Tag>
            ))}
            {report === 'balance_sheet' && (
              <Tag color={data.balanced ? 'green' : 'red'}>{data.balanced ? '平衡' : '不平衡'}</Tag>
            )}
          </span>
        )}
      </div>
      {data?.warnings.length ? <div className="ly-fin-warn">{data.warnings.join('；')}</div> : null}
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th>项目</th>
            <th style={{ width: 50 }}>行次</th>
            {cfg.columns.map(([k, label]) => (
              <th key={k} style={{ width: 150 }}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(data?.rows ?? []).map((r) => (
            <tr
              key={`${r.section}${r.line}${r.name}`}
              className={
                r.kind === 'total' ? 'is-total' : r.kind === 'sub_total' ? 'is-sub' : r.kind === 'sub_item' ? 'l2' : ''
              }
            >
              <td style={r.kind === 'sub_item' ? { paddingLeft: 24 } : undefined}>{r.name}</td>
              <td style={{ textAlign: 'center' }}>{r.line || ''}</td>
              {cfg.columns.map(([k]) => (
                <td key={k} className="m">
                  {moneyCell(r.values[k] ?? '0')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
