import { useState } from 'react';
import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import { GeneralLedgerView } from './general-ledger.tsx';
import './finance.css';

/** 日记账 (/accounting/daybook/list): 现金日记账 and 银行日记账 (each cash / bank leaf account's daily postings). */
export default function DaybookScreen() {
  const [kind, setKind] = useState<'cash' | 'bank'>('cash');
  return (
    <AccountingFrame testId="fin-daybook">
      <div className="ly-fin-tabs" role="tablist" style={{ marginBottom: 8 }}>
        {(
          [
            ['cash', '现金日记账'],
            ['bank', '银行日记账'],
          ] as const
        ).map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={k === kind ? 'is-on' : ''}
            onClick={() => setKind(k)}
          >
            {label}
          </button>
        ))}
      </div>
      <GeneralLedgerView key={kind} kind={kind} />
    </AccountingFrame>
  );
}
