/**
 * The receivables area on the trace chain and the open platform (issue 11 + 14): a saved collection / payment and a
 * recorded invoice append one record to the tenant's trace chain and queue one webhook event, in the caller's
 * transaction (a rolled-back save chains and sends nothing). Events: collection.saved, payment.saved,
 * invoice.recorded (core/contract/open/open-v1.contract.ts OPEN_EVENTS).
 */
import type { Fields } from '../../../core/trace/chain-hash.ts';
import type { Tx } from '../../db/client.ts';
import { enqueueOpenEvent } from '../../platform/open-events.ts';
import { formatDateTime } from '../../platform/time.ts';
import { traceChain } from '../../platform/trace-chain/chain.ts';
import { traceLinkOf } from '../../platform/trace-chain/link.ts';

const TYPE_LABEL: Record<string, string> = {
  collection: '收款单',
  payment: '付款单',
  invoice_in: '进项发票',
  invoice_out: '销项发票',
};

async function chainAndSend(
  tx: Tx,
  tenantId: string,
  orderType: string,
  orderNo: string,
  event: string,
  openEvent: string,
  body: Fields,
  tz: string,
): Promise<void> {
  const fields: Fields = {
    orderNo,
    orderType: TYPE_LABEL[orderType] ?? orderType,
    event: event === 'saved' ? '保存' : '登记',
    eventTime: formatDateTime(new Date(), tz),
    ...body,
  };
  await traceChain().append(tx, [{ tenantId, orderType, orderNo, event, fields }]);
  await enqueueOpenEvent(tx, tenantId, openEvent, {
    orderType,
    orderNo,
    fields,
    tracePath: await traceLinkOf(tx, { tenantId, orderType, orderNo }),
  });
}

/** A collection (收款单) or payment (付款单) was saved. */
export function traceCash(
  tx: Tx,
  tz: string,
  c: {
    tenantId: string;
    kind: string;
    orderNo: string;
    partyName: string;
    cashDate: string;
    amount: string;
    fee: string;
    method: string;
    applied: string;
  },
): Promise<void> {
  return chainAndSend(
    tx,
    c.tenantId,
    c.kind,
    c.orderNo,
    'saved',
    `${c.kind}.saved`,
    {
      partyName: c.partyName,
      orderDate: c.cashDate,
      amount: c.amount,
      fee: c.fee,
      method: c.method,
      settled: c.applied,
    },
    tz,
  );
}

/** An invoice (进项 / 销项) was recorded. */
export function traceInvoice(
  tx: Tx,
  tz: string,
  v: {
    tenantId: string;
    direction: string;
    invoiceNo: string;
    invoiceDate: string;
    sellerName: string;
    purchaserName: string;
    amount: string;
    taxAmount: string;
    taxAndAmount: string;
  },
): Promise<void> {
  return chainAndSend(
    tx,
    v.tenantId,
    `invoice_${v.direction}`,
    v.invoiceNo,
    'recorded',
    'invoice.recorded',
    {
      direction: v.direction === 'in' ? '进项' : '销项',
      orderDate: v.invoiceDate,
      sellerName: v.sellerName,
      purchaserName: v.purchaserName,
      amount: v.amount,
      taxAmount: v.taxAmount,
      taxAndAmount: v.taxAndAmount,
    },
    tz,
  );
}
