import { useState } from 'react';
import {
  useAccountsListQuery,
  useBooksDaybookQuery,
  useBooksGeneralQuery,
} from '../../core/api/izs-financing-books.api.ts';
import { useBook } from '../../features/account-set/accounting-frame.tsx';
import { Select } from '../../features/ui/select.tsx';
import { LedgerTable } from './ledger-table.tsx';
import { PeriodRange } from './period-range.tsx';
import '../../features/ui/accounting.css';
import './finance.css';
import { PostedQuery } from './fin-controls.tsx';

const TITLES = { general: '总账', cash: '现金日记账', bank: '银行日记账' } as const;

/**
 * 总账 (ledger/general: each level-1 account with figures, or one account) and 现金 / 银行日记账 (daybook/list: each
 * leaf under 库存现金 / 银行存款) — both answer GeneralLedgerAnswer, shown as one block per account.
 */
export function GeneralLedgerView({ kind }: { kind: 'general' | 'cash' | 'bank' }) {
  const book = useBook();
  const accounts = useAccountsListQuery({}, { skip: kind !== 'general', refetchOnMountOrArgChange: true }).data ?? [];
  const [draft, setDraft] = useState({
    periodFrom: book.currentPeriod,
    periodTo: book.currentPeriod,
    accountCode: '',
    posted: '',
  });
  const [q, setQ] = useState(draft);
  const general = useBooksGeneralQuery(q, { skip: kind !== 'general', refetchOnMountOrArgChange: true });
  const daybook = useBooksDaybookQuery(kind === 'general' ? { ...q, kind: 'cash' } : { ...q, kind }, {
    skip: kind === 'general',
    refetchOnMountOrArgChange: true,
  });
  const { data, isFetching } = kind === 'general' ? general : daybook;
  return (
    <div data-testid={`ledger-${kind}`}>
      <div className="ly-fin-tools">
        <span className="ly-fin-title">{TITLES[kind]}</span>
        <PeriodRange
          book={book}
          from={draft.periodFrom}
          to={draft.periodTo}
          onChange={(periodFrom, periodTo) => setDraft({ ...draft, periodFrom, periodTo })}
        />
        {kind === 'general' && (
          <Select
            size="small"
            filter
            showClear
            prefix="科目"
            placeholder="全部一级科目"
            value={draft.accountCode || undefined}
            style={{ width: 260 }}
            onChange={(v) => setDraft({ ...draft, accountCode: v ? String(v) : '' })}
            optionList={accounts.map((a) => ({ value: a.code, label: `${a.code} ${a.fullName}` }))}
          />
        )}
        <PostedQuery draft={draft} setDraft={setDraft} loading={isFetching} onQuery={() => setQ(draft)} />
      </div>
      {(data?.accounts ?? []).map((a) => (
        <div key={a.code} className="ly-fin-section" data-account={a.code}>
          <h3>
            {a.code} {a.name}
          </h3>
          <LedgerTable rows={a.rows} />
        </div>
      ))}
      {data && !data.accounts.length && <div className="ly-fin-muted">该期间没有数据</div>}
    </div>
  );
}
