/**
 * 收款单 / 付款单 / 退款单详情 — every detail route of the area: collection-order-detail/{id},
 * receipt-order-detail/{orderNo}, receipt-sub-order-detail/{orderNo}, refundment-order-detail/{id},
 * payment-order-detail/{id}, payment-order-info/{orderNo}, payment-sub-order-info/{orderNo}. The "sub" routes show
 * the 核销 lines only; voiding restores every settlement.
 */
import { Button, Modal, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useArapCashDetailQuery, useArapCashVoidMutation } from '../../core/api/izs-finance-ar.api.ts';
import { BILL_KIND_NAMES, BILL_MODE_NAMES } from '../../core/contract/izs-finance-ar/bill-link.ts';
import { CellValue } from '../../features/crud/field-kinds.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { TextLink } from '../../features/ui/text-link.tsx';
import { methodName, Page, stateTag, WORDS, yuan } from './arap-common.tsx';
import { CASH_RESOURCES, HAND_DRAWN_DETAIL } from './cash.resource.ts';
import { SettleTable } from './doc-detail.tsx';

const KIND = { collection: '收款单', payment: '付款单', refund: '退款单' } as Record<string, string>;

export default function CashDetail({ path }: ScreenProps) {
  const key = decodeURIComponent(path.split('/').pop() ?? '');
  const byNo = /info|receipt/.test(path);
  const sub = /sub-order/.test(path);
  const { data: c } = useArapCashDetailQuery(byNo ? { orderNo: key } : { id: key }, { skip: !key });
  const [voidCash] = useArapCashVoidMutation();
  const [ask, setAsk] = useState(false);
  if (!c) return <Page title="收付款详情">加载中…</Page>;
  const side = c.side === 'ap' ? 'ap' : 'ar';
  const w = WORDS[side];
  const cashBase =
    c.side === 'ap' ? '/accounting/payable/payment-order-info' : '/accounting/receivable/receipt-order-detail';
  return (
    <Page title={`${KIND[c.kind] ?? ''} ${c.orderNo}${sub ? ' 核销明细' : ''}`} testId="cash-detail">
      {!sub && (
        <div className="ly-arap-dl">
          <div>
            <span>{w.party}</span>
            {c.partyName}
          </div>
          <div>
            <span>日期</span>
            {c.cashDate}
          </div>
          <div>
            <span>状态</span>
            {stateTag(c.state)}
          </div>
          <div>
            <span>账户</span>
            {c.accountType === 'bank' ? `银行 ${c.bankName}` : '现金'}
          </div>
          <div>
            <span>结算方式</span>
            {methodName(c.method)}
            {c.billNo ? ` ${c.billNo}` : ''}
          </div>
          <div>
            <span>手续费</span>
            {yuan(c.fee)}
          </div>
          <div>
            <span>金额</span>
            <b>{yuan(c.amount)}</b>
          </div>
          <div>
            <span>已核销</span>
            {yuan(c.applied)}
          </div>
          <div>
            <span>未核销（{w.advance}）</span>
            <b data-testid="cash-unapplied">{yuan(c.unapplied)}</b>
          </div>
          {CASH_RESOURCES[side][c.kind === 'refund' ? 'refund' : 'cash'].columns
            .filter((col) => !HAND_DRAWN_DETAIL.has(col.field))
            .map((col) => (
              <div key={col.field}>
                <span>{col.label}</span>
                <span className="ly-arap-dd">
                  <CellValue col={col} row={c} />
                </span>
              </div>
            ))}
          <div>
            <span>凭证</span>
            <span data-testid="cash-vouchers">
              {c.vouchers.length
                ? c.vouchers.map((v) => `${v.book} ${v.period} ${v.voucherNo}`).join('、')
                : '未生成（凭证模板 → 收付款生成凭证）'}
            </span>
          </div>
        </div>
      )}
      {c.bill && !sub && (
        <>
          <h3>承兑汇票（{BILL_MODE_NAMES[c.bill.mode]}）</h3>
          <div className="ly-arap-dl" data-testid="cash-bill">
            <div>
              <span>票据号码</span>
              <TextLink
                href={
                  c.bill.direction === 'payable'
                    ? '/accounting/payable/payable-bill'
                    : '/accounting/payable/receivable-bill'
                }
              >
                {c.bill.billNo}
              </TextLink>
            </div>
            <div>
              <span>票据类型</span>
              {BILL_KIND_NAMES[c.bill.billKind] ?? c.bill.billKind}
            </div>
            <div>
              <span>票据状态</span>
              <b data-testid="cash-bill-state">{c.bill.stateName}</b>
            </div>
            <div>
              <span>出票人</span>
              {c.bill.drawer}
            </div>
            <div>
              <span>承兑人</span>
              {c.bill.acceptor}
            </div>
            <div>
              <span>票面金额</span>
              {yuan(c.bill.amount)}
            </div>
            <div>
              <span>出票日</span>
              {c.bill.issueDate}
            </div>
            <div>
              <span>到期日</span>
              {c.bill.dueDate}
            </div>
          </div>
        </>
      )}
      {c.state === 'reviewed' && !sub && (
        <div className="ly-arap-bar">
          <Button type="danger" onClick={() => setAsk(true)}>
            作废（恢复全部核销）
          </Button>
        </div>
      )}
      <h3>核销明细</h3>
      <SettleTable lines={c.settles} cashBase={cashBase} />
      <Modal
        title="作废"
        visible={ask}
        onCancel={() => setAsk(false)}
        onOk={() =>
          voidCash({ id: c.id, reason: '作废' })
            .unwrap()
            .then(
              () => {
                Toast.success('已作废，核销已恢复');
                setAsk(false);
              },
              (e) => Toast.error((e as { data?: { msg?: string } })?.data?.msg ?? '作废失败'),
            )
        }
      >
        作废后，这张单据做过的核销全部冲回，单据保留可查。
      </Modal>
    </Page>
  );
}
