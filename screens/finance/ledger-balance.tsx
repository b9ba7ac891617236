import { Checkbox, Input, Tag } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useBooksBalanceQuery } from '../../core/api/izs-financing-books.api.ts';
import type { BalanceFigures } from '../../core/contract/izs-financing/books.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { Named } from '../../features/ui/field.tsx';
import { moneyCell } from '../../features/voucher/voucher-grid.ts';
import '../../features/ui/accounting.css';
import { Select } from '../../features/ui/select.tsx';
import { PostedQuery } from './fin-controls.tsx';

const FIGURES: [keyof BalanceFigures, string][] = [
  ['openingDebit', '期初借方'],
  ['openingCredit', '期初贷方'],
  ['periodDebit', '本期借方'],
  ['periodCredit', '本期贷方'],
  ['ytdDebit', '本年累计借方'],
  ['ytdCredit', '本年累计贷方'],
  ['closingDebit', '期末借方'],
  ['closingCredit', '期末贷方'],
];

function TrialBalance() {
  const book = useBook();
  const [draft, setDraft] = useState({
    periodFrom: book.currentPeriod,
    periodTo: book.currentPeriod,
    level: '',
    includeZero: '',
    posted: '',
  });
  const [q, setQ] = useState(draft);
  const { data, isFetching } = useBooksBalanceQuery(q, { refetchOnMountOrArgChange: true });
  return (
    <div data-testid="trial-balance">
      <div className="ly-fin-tools">
        <span className="ly-fin-title">科目余额表</span>
        <Named name="起始期间">
          <Input
            size="small"
            prefix="期间"
            style={{ width: 140 }}
            value={draft.periodFrom}
            onChange={(v) => setDraft({ ...draft, periodFrom: v })}
          />
        </Named>
        至
        <Named name="截止期间">
          <Input
            size="small"
            style={{ width: 100 }}
            value={draft.periodTo}
            onChange={(v) => setDraft({ ...draft, periodTo: v })}
          />
        </Named>
        <Select
          size="small"
          prefix="级次"
          style={{ width: 130 }}
          value={draft.level}
          onChange={(v) => setDraft({ ...draft, level: String(v) })}
          optionList={[
            { value: '', label: '全部' },
            { value: '1', label: '1 级' },
            { value: '2', label: '1–2 级' },
            { value: '3', label: '1–3 级' },
          ]}
        />
        <Checkbox
          checked={draft.includeZero === '1'}
          onChange={(e) => setDraft({ ...draft, includeZero: e.target.checked ? '1' : '' })}
        >
          显示零余额
        </Checkbox>
        <PostedQuery draft={draft} setDraft={setDraft} loading={isFetching} onQuery={() => setQ(draft)} />
        {data && (
          <span className="ly-fin-check" data-testid="trial-balance-check">
            {data.balanced ? (
              <Tag color="green">试算平衡</Tag>
            ) : (
              <Tag color="red">试算不平衡：{data.problems.join('；')}</Tag>
            )}
          </span>
        )}
      </div>
      <table className="ly-fin-table">
        <thead>
          <tr>
            <th style={{ width: 90 }}>科目编码</th>
            <th>科目名称</th>
            {FIGURES.map(([k, label]) => (
              <th key={k} style={{ width: 116 }}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(data?.rows ?? []).map((r) => (
            <tr key={r.code} className={`l${r.level}`}>
              <td>{r.code}</td>
              <td>{r.name}</td>
              {FIGURES.map(([k]) => (
                <td key={k} className="m">
                  {moneyCell(r[k])}
                </td>
              ))}
            </tr>
          ))}
          {data && (
            <tr className="is-total" data-testid="trial-balance-total">
              <td colSpan={2}>合计</td>
              {FIGURES.map(([k]) => (
                <td key={k} className="m">
                  {moneyCell(data.totals[k])}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** 科目余额表 (/finance/ledger/balance): opening, period, year-to-date and closing per account, with the check. */
export default function LedgerBalanceScreen() {
  return (
    <AccountingFrame testId="fin-ledger-balance">
      <TrialBalance />
    </AccountingFrame>
  );
}
