/**
 * 收款单 / 付款单 (/accounting/receivable/collection-order, /accounting/payable/payment-order) and the refunds
 * (…/refundment-order): the engine's list page (columns and search in cash.resource.ts) and the dialog that
 * records money and settles (核销) open documents — oldest first by default, or the ticked documents in the amounts
 * typed; what is left stands as 预收 / 预付.
 */
import { Button, Checkbox, Input, Modal, Select, Table, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../../core/api/api.ts';
import { useSelectListQuery } from '../../core/api/crud.api.ts';
import {
  useArapCashCreateMutation,
  useArapOpenDocsQuery,
  useArapRefundMutation,
} from '../../core/api/izs-finance-ar.api.ts';
import type { ArDoc } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { METHOD_NAMES, METHODS, type Side } from '../../core/contract/izs-finance-ar/fields.ts';
import type { ResourceDef } from '../../core/contract/resource.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import { cleanValues, ResourceForm } from '../../features/crud/resource-form.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { DateInput } from '../../features/ui/date-input.tsx';
import { Field } from '../../features/ui/field.tsx';
import { PartySelect, sideOf, today, WORDS, yuan } from './arap-common.tsx';
import { BillFields, type BillForm, emptyBill } from './bill-fields.tsx';
import { CASH_RESOURCES, HAND_DRAWN_FORM } from './cash.resource.ts';

const num = (v: string) => <span className="ly-arap-num">{yuan(v)}</span>;
const errText = (e: unknown) => (e as { data?: { msg?: string } })?.data?.msg ?? '保存失败';

function CashDialog({
  def,
  side,
  refund,
  onClose,
}: {
  def: ResourceDef;
  side: Side;
  refund: boolean;
  onClose: (saved: boolean) => void;
}) {
  const w = WORDS[side];
  // the form fields of cash.resource.ts this dialog does not lay out by hand: drawn by the resource form
  const more = def.form.filter((f) => !HAND_DRAWN_FORM.has(f.field));
  const [extra, setExtra] = useState<Record<string, unknown>>({});
  const [v, setV] = useState({
    partyId: '',
    accountType: 'bank' as 'bank' | 'cash',
    bankId: '',
    method: 'transfer' as (typeof METHODS)[number],
    cashDate: today(),
    amount: '',
    fee: '0',
    remark: '',
  });
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [bill, setBill] = useState<BillForm>(() => emptyBill(side));
  const open = useArapOpenDocsQuery({ side, partyId: v.partyId }, { skip: !v.partyId });
  const banks = useSelectListQuery('/api/izs-base/bank/select-list');
  const [create, c1] = useArapCashCreateMutation();
  const [doRefund, c2] = useArapRefundMutation();
  const lines = Object.entries(picked)
    .filter(([, a]) => a)
    .map(([docId, amount]) => ({ docId, amount }));
  const submit = async () => {
    try {
      const common = {
        side,
        partyId: v.partyId,
        accountType: v.accountType,
        bankId: v.accountType === 'bank' ? v.bankId : '',
        method: v.method,
        cashDate: v.cashDate,
        amount: v.amount,
        remark: v.remark,
        ...(cleanValues(more, extra) as object),
      };
      const r = refund
        ? await doRefund(common).unwrap()
        : await create({
            ...common,
            bill: v.method === 'bill' ? bill : undefined,
            fee: v.fee || '0',
            auto: true,
            lines: lines.length ? lines : undefined,
          }).unwrap();
      Toast.success(
        refund
          ? `已退款 ${r.orderNo}`
          : `已保存 ${r.orderNo}，核销 ${yuan(r.applied)} 元，${w.advance} ${yuan(r.unapplied)} 元`,
      );
      onClose(true);
    } catch (e) {
      Toast.error(errText(e));
    }
  };
  return (
    <Modal
      title={refund ? w.refund : `新增${w.cash}`}
      visible
      width={860}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={c1.isLoading || c2.isLoading}
      okText="保存"
    >
      <div className="ly-arap-bar ly-arap-fields" data-testid="cash-form">
        <Field label={w.party} required>
          <PartySelect
            side={side}
            value={v.partyId || undefined}
            onChange={(p) => {
              setV({ ...v, partyId: p ?? '' });
              setPicked({});
            }}
            testId="cash-party"
          />
        </Field>
        <Field label={refund ? '退款日期' : `${w.money}日期`} required>
          <DateInput label={`${w.money}日期`} value={v.cashDate} onChange={(x) => setV({ ...v, cashDate: x })} />
        </Field>
        <Field label="金额（元）" required>
          <Input
            data-testid="cash-amount"
            style={{ width: 150 }}
            placeholder="0.00"
            value={v.amount}
            onChange={(x) => setV({ ...v, amount: x })}
          />
        </Field>
        {!refund && (
          <Field label="手续费（元）">
            <Input
              data-testid="cash-fee"
              style={{ width: 110 }}
              placeholder="0.00"
              value={v.fee}
              onChange={(x) => setV({ ...v, fee: x })}
            />
          </Field>
        )}
      </div>
      <div className="ly-arap-bar ly-arap-fields">
        <Field label="账户类型" required>
          <Select
            style={{ width: 110 }}
            value={v.accountType}
            onChange={(x) => setV({ ...v, accountType: x as 'bank' | 'cash' })}
            optionList={[
              { value: 'bank', label: '银行账户' },
              { value: 'cash', label: '现金' },
            ]}
            data-testid="cash-account-type"
          />
        </Field>
        {v.accountType === 'bank' && (
          <Field label="银行账户" required>
            <Select
              style={{ width: 260 }}
              placeholder="选择银行账户"
              value={v.bankId || undefined}
              onChange={(x) => setV({ ...v, bankId: String(x) })}
              optionList={(banks.data ?? []).map((b) => ({
                value: String(b.id),
                label: `${String(b.bankName ?? '')} ${String(b.bankAccount ?? '')}`,
              }))}
              data-testid="cash-bank"
            />
          </Field>
        )}
        <Field label={`${w.money}方式`} required>
          <Select
            style={{ width: 130 }}
            value={v.method}
            onChange={(x) => setV({ ...v, method: x as (typeof METHODS)[number] })}
            optionList={METHODS.map((m) => ({ value: m, label: METHOD_NAMES[m] }))}
            data-testid="cash-method"
          />
        </Field>
        <Field label="备注">
          <Input style={{ width: 200 }} value={v.remark} onChange={(x) => setV({ ...v, remark: x })} />
        </Field>
      </div>
      {more.length > 0 && (
        <ResourceForm
          fields={more}
          mode="add"
          values={extra}
          errors={{}}
          onChange={(field, x) => setExtra((e) => ({ ...e, [field]: x }))}
        />
      )}
      {v.method === 'bill' && !refund && <BillFields side={side} value={bill} onChange={setBill} />}
      {v.partyId && (
        <>
          <p>
            未核销{w.advance}：<b>{yuan(open.data?.unapplied ?? '0')}</b> 元。
            {refund
              ? '退款从未核销的预收/预付中扣减（最早的先扣）。'
              : '不勾选单据时按日期从早到晚自动核销；勾选后按填写的金额核销，余额转为' + w.advance + '。'}
          </p>
          {!refund && (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              data-testid="open-docs"
              dataSource={open.data?.docs ?? []}
              columns={[
                {
                  title: '',
                  width: 40,
                  render: (_: unknown, d: ArDoc) => (
                    <Checkbox
                      aria-label={`核销 ${d.orderNo}`}
                      checked={d.id in picked}
                      onChange={(e) => {
                        const next = { ...picked };
                        if (e.target.checked) next[d.id] = d.open;
                        else delete next[d.id];
                        setPicked(next);
                      }}
                    />
                  ),
                },
                { title: '单号', dataIndex: 'orderNo' },
                { title: '来源', dataIndex: 'sourceNo' },
                { title: '日期', dataIndex: 'docDate' },
                { title: '到期日', dataIndex: 'dueDate' },
                { title: '未核销', dataIndex: 'open', render: num, align: 'right' },
                {
                  title: '本次核销',
                  render: (_: unknown, d: ArDoc) =>
                    d.id in picked ? (
                      <Input
                        size="small"
                        aria-label={`${d.orderNo} 本次核销（元）`}
                        style={{ width: 120 }}
                        value={picked[d.id]}
                        onChange={(x) => setPicked({ ...picked, [d.id]: x })}
                      />
                    ) : null,
                },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}

/** The engine's list page over cash/page (cash.resource.ts): 新增 opens the cash dialog, 查看 and the number the
 * detail page, 核销明细 the settlement lines; nothing is edited or deleted (a record changes only by its void). */
export default function CashList({ path }: ScreenProps) {
  const side = sideOf(path);
  const refund = path.includes('refundment');
  const kind = refund ? 'refund' : side === 'ar' ? 'collection' : 'payment';
  const def = CASH_RESOURCES[side][refund ? 'refund' : 'cash'];
  const [dialog, setDialog] = useState(false);
  const [, go] = useLocation();
  const dispatch = useAppDispatch();
  const detail = refund
    ? side === 'ar'
      ? '/accounting/receivable/refundment-order-detail'
      : '/accounting/payable/refundment-order-detail'
    : side === 'ar'
      ? '/accounting/receivable/collection-order-detail'
      : '/accounting/payable/payment-order-detail';
  const sub =
    side === 'ar' ? '/accounting/receivable/receipt-sub-order-detail' : '/accounting/payable/payment-sub-order-info';
  return (
    <>
      <ResourceListPage
        def={def}
        baseParams={{ side, kind }}
        exportable={false}
        detailPath={(r) => `${detail}/${r.id}`}
        onView={(r) => go(`${detail}/${r.id}`)}
        onEdit={() => setDialog(true)}
        rowEditable={() => false}
        rowActionsWidth={0}
        rowActions={(r) => (
          <Button
            theme="borderless"
            size="small"
            data-testid="cash-settles"
            onClick={() => go(`${sub}/${String(r.orderNo)}`)}
          >
            核销明细
          </Button>
        )}
      />
      {dialog && (
        <CashDialog
          def={def}
          side={side}
          refund={refund}
          onClose={(saved) => {
            setDialog(false);
            if (saved) dispatch(api.util.invalidateTags([{ type: 'Resource' as never, id: def.name }]));
          }}
        />
      )}
    </>
  );
}
