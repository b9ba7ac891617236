/**
 * Demo receivables and payables (issue 11): 应收单 / 应付单 for every reviewed stock document and drop shipment of
 * the demo (written through the same service the review listener uses), older opening balances so the aging has
 * something in every bucket, credit limits and payment terms, collections and payments with their 核销, a 预付 to
 * the individual supplier, a refund, an offset for the partner that is both customer and supplier, and a transfer.
 */

import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BizDocType } from '../../core/accounting/business-voucher.ts';
import { addDays } from '../../core/finance-ar/index.ts';
import { moneyFixed, rateFixed } from '../../core/format/amounts.ts';
import type { Tx } from '../db/client.ts';
import {
  arCash,
  arCredit,
  arInvoice,
  arInvoiceLink,
  arTransfer,
  bank,
  dropShipping,
  relatedParty,
  stockOrder,
} from '../db/schema/index.ts';
import { attachBill } from '../modules/izs-finance-ar/cash-bill.ts';
import { storedDocAmounts } from '../modules/izs-finance-ar/hooks.ts';
import { offsetTx } from '../modules/izs-finance-ar/offset.ts';
import { ARAP_KIND, createDoc, settle, takeRefund } from '../modules/izs-finance-ar/service.ts';
import { type PartyFigures, partyFigures } from '../modules/izs-financing/business-voucher-figures.ts';
import { drawOrderNo } from '../platform/numbering.ts';
import { formatDate } from '../platform/time.ts';

export interface ArapSeedContext {
  tenantId: string;
  adminId: string;
  deptId: string | null;
}

export async function seedArapDemo(tx: Tx, c: ArapSeedContext): Promise<void> {
  const T = c.tenantId;
  const tz = process.env.TZ || 'Asia/Shanghai';
  const today = formatDate(new Date(), tz);
  const party = Object.fromEntries(
    (
      await tx
        .select({ id: relatedParty.id, code: relatedParty.code })
        .from(relatedParty)
        .where(eq(relatedParty.tenantId, T))
    ).map((p) => [p.code, p.id]),
  );
  const [bk] = await tx
    .select({ id: bank.id })
    .from(bank)
    .where(and(eq(bank.tenantId, T), eq(bank.isDeleted, 0)))
    .orderBy(asc(bank.id))
    .limit(1);
  await tx.insert(arCredit).values([
    { tenantId: T, partyId: party.KH001, creditLimit: '2000000.00', paymentDays: 30, updateUser: c.adminId },
    { tenantId: T, partyId: party.KH002, creditLimit: '1500000.00', paymentDays: 45, updateUser: c.adminId },
  ]);
  const base = { tenantId: T, deptId: c.deptId, userId: c.adminId, tz };

  // opening balances from before go-live: one in each older aging bucket
  const manual = async (side: 'ar' | 'ap', code: string, daysAgo: number, amount: string, summary: string) =>
    createDoc(tx, {
      ...base,
      side,
      partyId: party[code],
      sourceType: 'manual',
      docDate: addDays(today, -daysAgo),
      amount,
      summary,
    });
  await manual('ar', 'KH001', 100, '86400.00', '期初欠款：废钢货款（上线前）');
  await manual('ar', 'KH001', 70, '52300.00', '期初欠款：废钢货款（上线前）');
  await manual('ar', 'KH002', 40, '128650.00', '期初欠款：废铜货款（上线前）');
  await manual('ar', 'KH002', 12, '6000.00', '场地租金（本月）');
  await manual('ap', 'GYS001', 50, '73520.00', '期初应付：废钢收购款（上线前）');
  await manual('ap', 'KH002', 20, '18600.00', '期初应付：废铝收购款（上线前）');

  // every reviewed stock document and drop shipment of the demo
  const docs = await tx
    .select()
    .from(stockOrder)
    .where(
      and(
        eq(stockOrder.tenantId, T),
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, ['in_stock', 'out_stock', 'sale_return', 'purchase_return']),
      ),
    )
    .orderBy(asc(stockOrder.id));
  // the amounts as the review listener writes them: a stock document's stored figures (hooks.ts storedDocAmounts),
  // a 直发单's the 价税合计 the demo book's templates post
  const figures = (deptId: string | null, orderNo: string, docType: BizDocType, date: string, amount: string) =>
    partyFigures(tx, T, deptId, {
      orderNo,
      docType,
      date,
      partyName: '',
      lines: [{ materialId: '0', materialName: '', qty: '0', amount, cost: null }],
    });
  const amounts = (f: PartyFigures, sign: 1 | -1) => ({
    amount: moneyFixed(f.gross.times(sign)),
    net: moneyFixed(f.net.times(sign)),
    tax: moneyFixed(f.tax.times(sign)),
    taxRate: rateFixed(f.rate, 4),
    taxSource: f.source,
    remark: `税率来源：${f.sourceText}`,
  });
  for (const d of docs) {
    if (!d.partyId || new Decimal(d.grossAmount).isZero()) continue;
    const side = d.docType === 'in_stock' || d.docType === 'purchase_return' ? 'ap' : 'ar';
    const neg = d.docType.endsWith('return');
    const label = { in_stock: '采购入库', out_stock: '销售出库', sale_return: '销售退货', purchase_return: '采购退货' }[
      d.docType
    ];
    const date = d.orderDate || today;
    await createDoc(tx, {
      ...base,
      // the document's department, as the review listener writes it (a branch's in-stock owes in the branch)
      deptId: d.deptId ?? base.deptId,
      ...(await storedDocAmounts(tx, d.id, neg ? -1 : 1)),
      side,
      partyId: d.partyId,
      sourceType: d.docType,
      sourceId: d.id,
      sourceNo: d.orderNo,
      docDate: date,
      summary: `${label} ${d.orderNo}`,
    });
  }
  const drops = await tx
    .select()
    .from(dropShipping)
    .where(and(eq(dropShipping.tenantId, T), eq(dropShipping.state, 'reviewed')));
  for (const d of drops) {
    const s = {
      ...base,
      deptId: d.deptId ?? base.deptId,
      sourceId: d.id,
      sourceNo: d.orderNo,
      docDate: d.orderDate || today,
    };
    await createDoc(tx, {
      ...s,
      ...amounts(await figures(d.deptId, d.orderNo, 'out_stock', s.docDate, d.saleAmount), 1),
      side: 'ar',
      partyId: d.customerId,
      sourceType: 'drop_sale',
      summary: `直发销售 ${d.orderNo}`,
    });
    await createDoc(tx, {
      ...s,
      ...amounts(await figures(d.deptId, d.orderNo, 'in_stock', s.docDate, d.purchaseAmount), 1),
      side: 'ap',
      partyId: d.supplierId,
      sourceType: 'drop_purchase',
      summary: `直发采购 ${d.orderNo}`,
    });
  }

  const cash = async (
    side: 'ar' | 'ap',
    kind: 'collection' | 'payment' | 'refund',
    code: string,
    daysAgo: number,
    amount: string,
    method: string,
    remark: string,
    fee = '0',
  ) => {
    const numbering = kind === 'refund' ? (side === 'ar' ? ARAP_KIND.refund_ar : ARAP_KIND.refund_ap) : ARAP_KIND[kind];
    const [row] = await tx
      .insert(arCash)
      .values({
        tenantId: T,
        deptId: c.deptId,
        createUser: c.adminId,
        createDept: c.deptId,
        orderNo: await drawOrderNo(tx, numbering, { tenantId: T, tz }),
        side,
        kind,
        partyId: party[code],
        accountType: method === 'cash' ? 'cash' : 'bank',
        bankId: method === 'cash' ? null : (bk?.id ?? null),
        method,
        billNo: method === 'bill' ? '5310 0000 2026 1100 0018' : '',
        cashDate: addDays(today, -daysAgo),
        amount,
        fee,
        state: 'reviewed',
        reviewer: c.adminId,
        reviewTime: new Date(),
        remark,
      })
      .returning();
    return row;
  };
  const settleAll = async (row: { id: string; cashDate: string }) =>
    settle(tx, { tenantId: T, userId: c.adminId, cashId: row.id, date: row.cashDate });

  // 宁波钢铁: pays the oldest balance in full and part of the next
  await settleAll(await cash('ar', 'collection', 'KH001', 60, '86400.00', 'transfer', '回款：期初货款', '15.00'));
  const billCash = await cash('ar', 'collection', 'KH001', 20, '30000.00', 'bill', '银行承兑汇票回款');
  // its bill stands in 票据管理 (应收票据), linked to the collection
  await attachBill(
    tx,
    { tenantId: T, userId: c.adminId, currentDeptId: c.deptId ?? '', deptIds: c.deptId ? [c.deptId] : [] },
    billCash,
    {
      billId: undefined,
      billNo: billCash.billNo,
      billKind: 'bank',
      drawer: '宁波钢铁有限公司',
      acceptor: '中国工商银行宁波北仑支行',
      issueDate: addDays(today, -25),
      dueDate: addDays(today, 155),
    },
  );
  await settleAll(billCash);
  // 海亮铜业: pays more than it owes on the older documents → 预收
  await settleAll(await cash('ar', 'collection', 'KH002', 5, '150000.00', 'transfer', '预付货款（含下批）'));
  // suppliers: the usual 预付 to the individual collector, part payment to 鑫达
  await cash('ap', 'payment', 'GYS002', 3, '20000.00', 'transfer', '预付收购款');
  await settleAll(await cash('ap', 'payment', 'GYS001', 30, '50000.00', 'transfer', '支付期初收购款', '10.00'));
  // a refund of part of the individual supplier's prepayment
  const ref = await cash('ap', 'refund', 'GYS002', 1, '2000.00', 'wechat', '王师傅退回多付预付款');
  await takeRefund(tx, ref, c.adminId);
  // 海亮铜业 is customer and supplier: a later sale of copper offcuts is offset against what we owe it
  await manual('ar', 'KH002', 3, '9800.00', '废铜边角料零星销售');
  await offsetTx(tx, {
    tenantId: T,
    deptId: c.deptId,
    userId: c.adminId,
    partyId: party.KH002,
    transferDate: addDays(today, -1),
    amount: '9800.00',
    remark: '与应付收购款对冲',
    tz,
  });
  // paying back part of 海亮铜业's advance
  await takeRefund(tx, await cash('ar', 'refund', 'KH002', 1, '350.00', 'transfer', '退还多付货款'), c.adminId);

  // 资金调拨: cash deposited to the bank
  await tx.insert(arTransfer).values({
    tenantId: T,
    deptId: c.deptId,
    createUser: c.adminId,
    createDept: c.deptId,
    orderNo: await drawOrderNo(tx, ARAP_KIND.transfer, { tenantId: T, tz }),
    kind: 'transfer',
    fromAccount: '库存现金',
    toAccount: '银行存款',
    transferDate: addDays(today, -2),
    amount: '35000.00',
    state: 'reviewed',
    reviewer: c.adminId,
    reviewTime: new Date(),
    remark: '现金存入银行',
  });

  // invoices: the first sale invoiced in part (销项), the first purchase from a seller with a taxpayer id in full
  // (进项; a natural person issues none — 反向开票), at the documents' stored 价税合计 and 税额 (issue 21)
  const names = Object.fromEntries(
    (
      await tx
        .select({ id: relatedParty.id, name: relatedParty.name, taxpayerId: relatedParty.taxpayerId })
        .from(relatedParty)
        .where(eq(relatedParty.tenantId, T))
    ).map((p) => [p.id, p]),
  );
  const sale = docs.find((d) => d.docType === 'out_stock' && d.partyId);
  const purchase = docs.find((d) => d.docType === 'in_stock' && d.partyId && names[d.partyId]?.taxpayerId);
  let no = 26332000000000001000n;
  for (const [d, direction, share] of [
    [sale, 'out', '0.5'],
    [purchase, 'in', '1'],
  ] as const) {
    if (!d?.partyId) continue;
    const total = new Decimal(d.grossAmount).times(share).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const net = total.minus(new Decimal(d.taxAmount).times(share).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
    const p = names[d.partyId];
    const [inv] = await tx
      .insert(arInvoice)
      .values({
        tenantId: T,
        deptId: c.deptId,
        createUser: c.adminId,
        createDept: c.deptId,
        direction,
        partyId: d.partyId,
        invoiceNo: String(no++),
        invoiceType: 'special',
        invoiceDate: d.orderDate || today,
        amount: moneyFixed(net),
        taxAmount: moneyFixed(total.minus(net)),
        taxAndAmount: moneyFixed(total),
        purchaserName: direction === 'out' ? (p?.name ?? '') : 'Loopyard 示范回收有限公司',
        purchaserTaxpayerId: direction === 'out' ? (p?.taxpayerId ?? '') : '',
        sellerName: direction === 'in' ? (p?.name ?? '') : 'Loopyard 示范回收有限公司',
        sellerTaxpayerId: direction === 'in' ? (p?.taxpayerId ?? '') : '',
        origin: direction === 'in' ? 'xml' : 'manual',
        remark: `${direction === 'in' ? '入库单' : '出库单'} ${d.orderNo}`,
      })
      .returning({ id: arInvoice.id });
    await tx.insert(arInvoiceLink).values({ tenantId: T, invoiceId: inv.id, orderId: d.id, amount: moneyFixed(total) });
  }
}
