import { useState } from 'react';
import {
  useAccountsListQuery,
  useBooksBalanceAuxQuery,
  useBooksSubsidiaryQuery,
} from '../../core/api/izs-financing-books.api.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { Select } from '../../features/ui/select.tsx';
import { LedgerTable } from './ledger-table.tsx';
import { PeriodRange } from './period-range.tsx';
import '../../features/ui/accounting.css';
import './finance.css';
import { PostedQuery } from './fin-controls.tsx';

function Subsidiary() {
  const book = useBook();
  const accounts = useAccountsListQuery({}, { refetchOnMountOrArgChange: true }).data ?? [];
  const [draft, setDraft] = useState({
    accountCode: '1001',
    auxKey: '',
    periodFrom: book.currentPeriod,
    periodTo: book.currentPeriod,
    posted: '',
  });
  const [q, setQ] = useState(draft);
  const acc = accounts.find((a) => a.code === draft.accountCode);
  const withAux = !!acc && acc.leaf && acc.auxDims.length > 0;
  const aux = useBooksBalanceAuxQuery(
    { accountCode: draft.accountCode, periodFrom: draft.periodFrom, periodTo: draft.periodTo },
    { skip: !withAux, refetchOnMountOrArgChange: true },
  );
  const { data, isFetching } = useBooksSubsidiaryQuery(q, { skip: !q.accountCode, refetchOnMountOrArgChange: true });
  return (
    <div data-testid="subsidiary-ledger">
      <div className="ly-fin-tools">
        <span className="ly-fin-title">明细账</span>
        <Select
          size="small"
          filter
          prefix="科目"
          value={draft.accountCode}
          style={{ width: 300 }}
          onChange={(v) => setDraft({ ...draft, accountCode: String(v), auxKey: '' })}
          optionList={accounts.map((a) => ({ value: a.code, label: `${a.code} ${a.fullName}` }))}
          data-testid="subsidiary-account"
        />
        {withAux && (
          <Select
            size="small"
            filter
            prefix={acc.auxNames.join('/') || '辅助核算'}
            value={draft.auxKey}
            style={{ width: 260 }}
            onChange={(v) => setDraft({ ...draft, auxKey: String(v) })}
            optionList={[
              { value: '', label: '全部' },
              ...(aux.data?.rows ?? []).map((r) => ({ value: r.auxKey, label: r.auxNames.join('，') || r.auxKey })),
            ]}
            data-testid="subsidiary-aux"
          />
        )}
        <PeriodRange
          book={book}
          from={draft.periodFrom}
          to={draft.periodTo}
          onChange={(periodFrom, periodTo) => setDraft({ ...draft, periodFrom, periodTo })}
        />
        <PostedQuery draft={draft} setDraft={setDraft} loading={isFetching} onQuery={() => setQ(draft)} />
      </div>
      {data && (
        <div className="ly-fin-meta" style={{ marginBottom: 6 }}>
          {data.accountCode} {data.accountName}
          {data.auxNames.length ? ` · ${data.auxNames.join('，')}` : ''} · {data.periodFrom} 至 {data.periodTo}
        </div>
      )}
      <LedgerTable rows={data?.rows ?? []} testId="subsidiary-table" />
    </div>
  );
}

/**
 * 明细账 (/finance/subject/detail): the subsidiary ledger of one account (any level; a parent sums its leaves) over a
 * period range, per 辅助核算 item for accounts that have dimensions (the items with figures, from ledger/balance-aux).
 */
export default function SubjectDetailScreen() {
  return (
    <AccountingFrame testId="fin-subject-detail">
      <Subsidiary />
    </AccountingFrame>
  );
}
