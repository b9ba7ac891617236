import { useState } from 'react';
import { useVouchersCollectQuery } from '../../core/api/izs-financing.api.ts';
import { useBookResourceList } from '../../core/api/izs-financing-books.api.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { Select } from '../../features/ui/select.tsx';
import { moneyText } from './fin-model.ts';
import { PeriodRange } from './period-range.tsx';
import { voucherWordView } from './voucher-word.resource.ts';
import '../../features/ui/accounting.css';
import './finance.css';
import { PostedQuery } from './fin-controls.tsx';

function Collect() {
  const book = useBook();
  const words = useBookResourceList(voucherWordView);
  const [draft, setDraft] = useState({
    periodFrom: book.currentPeriod,
    periodTo: book.currentPeriod,
    word: '',
    level: '1',
    posted: '',
  });
  const [q, setQ] = useState(draft);
  const { data, isFetching } = useVouchersCollectQuery(q, { refetchOnMountOrArgChange: true });
  return (
    <div data-testid="voucher-collect" style={{ maxWidth: 1100 }}>
      <div className="ly-fin-tools">
        <span className="ly-fin-title">凭证汇总表</span>
        <PeriodRange
          book={book}
          from={draft.periodFrom}
          to={draft.periodTo}
          onChange={(periodFrom, periodTo) => setDraft({ ...draft, periodFrom, periodTo })}
        />
        <Select
          size="small"
          prefix="凭证字"
          value={draft.word}
          style={{ width: 130 }}
          onChange={(v) => setDraft({ ...draft, word: String(v) })}
          optionList={[{ value: '', label: '全部' }, ...words.map((w) => ({ value: w.word, label: w.word }))]}
        />
        <Select
          size="small"
          prefix="科目级次"
          value={draft.level}
          style={{ width: 140 }}
          onChange={(v) => setDraft({ ...draft, level: String(v) })}
          optionList={['1', '2', '3', '4'].map((l) => ({ value: l, label: `${l} 级` }))}
        />
        <PostedQuery draft={draft} setDraft={setDraft} loading={isFetching} onQuery={() => setQ(draft)} />
      </div>
      {data && (
        <div className="ly-fin-panel" data-testid="collect-words">
          <span>
            凭证 <b>{data.voucherCount}</b> 张
          </span>
          {data.words.map((w) => (
            <span key={w.word}>
              {w.word}字 {w.from}–{w.to} 号，共 {w.count} 张，附单据 {w.attachments} 张
            </span>
          ))}
        </div>
      )}
      <table className="ly-fin-table" data-testid="collect-table">
        <thead>
          <tr>
            <th style={{ width: 110 }}>科目编码</th>
            <th>科目名称</th>
            <th style={{ width: 160 }}>借方金额</th>
            <th style={{ width: 160 }}>贷方金额</th>
          </tr>
        </thead>
        <tbody>
          {(data?.rows ?? []).map((r) => (
            <tr key={r.code} className={`l${r.level}`}>
              <td>{r.code}</td>
              <td>{r.name}</td>
              <td className="m">{moneyText(r.debit)}</td>
              <td className="m">{moneyText(r.credit)}</td>
            </tr>
          ))}
          {data && (
            <tr className="is-total">
              <td colSpan={2}>合计</td>
              <td className="m">{moneyText(data.totals.debit)}</td>
              <td className="m">{moneyText(data.totals.credit)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** 凭证汇总 (/finance/voucher/collect): 科目汇总表 of a period range by voucher word and account level. */
export default function VoucherCollectScreen() {
  return (
    <AccountingFrame testId="fin-voucher-collect">
      <Collect />
    </AccountingFrame>
  );
}
