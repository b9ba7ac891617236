/**
 * The 承兑汇票 part of a 收款单 / 付款单 (issue 11, bill-link.ts): a collection records the bill it received (号码,
 * 类型, 出票人, 承兑人, 出票日, 到期日 — the amount is the collection's); a payment either endorses (背书转让) a held
 * receivable bill of the same amount or issues a new payable bill. The server writes it into 票据管理.
 */
import { Input, Select } from '@douyinfe/semi-ui';
import { useArapHeldBillsQuery } from '../../core/api/izs-finance-ar.api.ts';
import type { CashBillIn } from '../../core/contract/izs-finance-ar/bill-link.ts';
import { BILL_KIND_NAMES } from '../../core/contract/izs-finance-ar/bill-link.ts';
import type { Side } from '../../core/contract/izs-finance-ar/fields.ts';
import { DateInput } from '../../features/ui/date-input.tsx';
import { Field } from '../../features/ui/field.tsx';
import { yuan } from './arap-common.tsx';

export type BillForm = Required<Pick<CashBillIn, 'billNo' | 'drawer' | 'acceptor'>> & {
  mode: 'receive' | 'issue' | 'endorse';
  billId: string;
  billKind: 'bank' | 'commercial';
  issueDate: string;
  dueDate: string;
};

export const emptyBill = (side: Side): BillForm => ({
  mode: side === 'ar' ? 'receive' : 'issue',
  billId: '',
  billNo: '',
  billKind: 'bank',
  drawer: '',
  acceptor: '',
  issueDate: '',
  dueDate: '',
});

export function BillFields({
  side,
  value: b,
  onChange,
}: {
  side: Side;
  value: BillForm;
  onChange: (b: BillForm) => void;
}) {
  const held = useArapHeldBillsQuery({}, { skip: side !== 'ap' || b.mode !== 'endorse' });
  const set = (patch: Partial<BillForm>) => onChange({ ...b, ...patch });
  return (
    <div className="ly-arap-bar ly-arap-fields" data-testid="bill-fields">
      {side === 'ap' && (
        <Field label="票据处理">
          <Select
            style={{ width: 150 }}
            value={b.mode}
            onChange={(x) => set({ mode: x === 'endorse' ? 'endorse' : 'issue' })}
            optionList={[
              { value: 'issue', label: '开出新票据' },
              { value: 'endorse', label: '背书转让持有票据' },
            ]}
            data-testid="bill-mode"
          />
        </Field>
      )}
      {b.mode === 'endorse' ? (
        <Field label="持有中的应收票据" required>
          <Select
            style={{ width: 420 }}
            placeholder="票面金额须等于付款金额"
            value={b.billId || undefined}
            onChange={(x) => set({ billId: String(x) })}
            emptyContent="没有持有中的应收票据"
            optionList={(held.data ?? []).map((h) => ({
              value: h.id,
              label: `${h.billNo} ${BILL_KIND_NAMES[h.billKind] ?? ''} ${yuan(h.amount)}元 到期 ${h.dueDate}`,
            }))}
            data-testid="bill-held"
          />
        </Field>
      ) : (
        <>
          <Field label="票据号码" required>
            <Input style={{ width: 200 }} value={b.billNo} onChange={(x) => set({ billNo: x })} data-testid="bill-no" />
          </Field>
          <Field label="票据类型">
            <Select
              style={{ width: 130 }}
              value={b.billKind}
              onChange={(x) => set({ billKind: x === 'commercial' ? 'commercial' : 'bank' })}
              optionList={Object.entries(BILL_KIND_NAMES).map(([value, label]) => ({ value, label }))}
            />
          </Field>
          <Field label={side === 'ar' ? '出票人' : '出票人（可空：本公司）'}>
            <Input
              style={{ width: 180 }}
              value={b.drawer}
              onChange={(x) => set({ drawer: x })}
              data-testid="bill-drawer"
            />
          </Field>
          <Field label="承兑人 / 承兑银行">
            <Input
              style={{ width: 200 }}
              value={b.acceptor}
              onChange={(x) => set({ acceptor: x })}
              data-testid="bill-acceptor"
            />
          </Field>
          <Field label="出票日" required>
            <DateInput label="出票日" value={b.issueDate} onChange={(x) => set({ issueDate: x })} testId="bill-issue" />
          </Field>
          <Field label="到期日" required>
            <DateInput label="到期日" value={b.dueDate} onChange={(x) => set({ dueDate: x })} testId="bill-due" />
          </Field>
        </>
      )}
    </div>
  );
}
