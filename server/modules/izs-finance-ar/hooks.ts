/**
 * 应收单 / 应付单 written by themselves: the stock life cycle (izs-stock/lifecycle.ts `onDocTransition`) calls this
 * inside the review / void transaction of every document. Reviewed sale out-stock / drop-shipping sale → 应收单;
 * purchase in-stock / drop-shipping purchase → 应付单; returns → red (negative) documents. A stock document's
 * 应收单/应付单 carries the document's stored 价税合计 / 不含税金额 / 税额 (issue 21: computed once at save, the figures
 * its voucher posts too); a 直发单's is still computed here from the book's template (business-voucher-figures.ts
 * `partyFigures`: the book and template of the department, else 业务参数's rate on top).
 * A void of the source voids them (refused while they are settled). An out-stock that takes the customer over its
 * credit limit needs the button `supply_chain_sale_out_stock_credit`, else it is refused with the figures.
 */
import Decimal from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { BizDoc, BizDocType } from '../../../core/accounting/business-voucher.ts';
import { ARAP_CODES, type Side } from '../../../core/contract/izs-finance-ar/fields.ts';
import { creditRefusal } from '../../../core/finance-ar/index.ts';
import { moneyFixed, rateFixed } from '../../../core/format/amounts.ts';
import { docRateFraction } from '../../../core/stock/tax-basis.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { dropShipping, menu, relatedParty, roleMenu, stockOrder, stockOrderLine } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { isAdministrator } from '../../platform/crud/permissions.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import { formatDate } from '../../platform/time.ts';
import { refuseClosedVoid } from '../izs-financing/business-period.ts';
import { type PartyFigures, partyFigures } from '../izs-financing/business-voucher-figures.ts';
import { onDocTransition, type TransitionListener } from '../izs-stock/lifecycle.ts';
import { createDoc, creditOf, openBalanceOf, voidDocsOfSource } from './service.ts';

type Row = Record<string, unknown>;

const STOCK_SIDES: Record<string, { side: Side; sign: 1 | -1; sourceType: string; label: string }> = {
  out_stock: { side: 'ar', sign: 1, sourceType: 'out_stock', label: '销售出库' },
  sale_return: { side: 'ar', sign: -1, sourceType: 'sale_return', label: '销售退货' },
  in_stock: { side: 'ap', sign: 1, sourceType: 'in_stock', label: '采购入库' },
  purchase_return: { side: 'ap', sign: -1, sourceType: 'purchase_return', label: '采购退货' },
};

async function holds(tx: Tx, user: AuthUser, code: string): Promise<boolean> {
  if (isAdministrator(user)) return true;
  if (!user.roleIds.length) return false;
  const r = await tx
    .select({ one: sql<number>`1` })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(inArray(roleMenu.roleId, user.roleIds), eq(menu.code, code), eq(menu.isDeleted, 0)))
    .limit(1);
  return r.length > 0;
}

/** Refuses a receivable over the customer's credit limit unless the reviewer holds the override button. */
export async function checkCredit(tx: Tx, user: AuthUser, partyId: string, amount: string): Promise<void> {
  const credit = await creditOf(tx, user.tenantId, partyId);
  const bal = await openBalanceOf(tx, user.tenantId, 'ar', partyId);
  const refused = creditRefusal(credit.creditLimit, bal.balance, amount);
  if (refused && !(await holds(tx, user, ARAP_CODES.creditOverride))) {
    throw badRequest(`${refused}，需要「信用超额审核」权限`);
  }
}

/** createDoc's amount fields from the figures of the positive document, × sign (returns: red). */
function docAmounts(f: PartyFigures, sign: 1 | -1) {
  return {
    amount: moneyFixed(f.gross.times(sign)),
    net: moneyFixed(f.net.times(sign)),
    tax: moneyFixed(f.tax.times(sign)),
    taxRate: rateFixed(f.rate, 4),
    taxSource: f.source,
  };
}

/**
 * Issue 21: the 应收单 / 应付单 amounts of a stock document are its stored figures (prepare-doc.ts, core/stock
 * tax-basis.ts) × sign — never recomputed here: 价税合计, 不含税金额, 税额, the lines' rate.
 */
export async function storedDocAmounts(ex: Executor, orderId: string, sign: 1 | -1) {
  const [o] = await ex
    .select({ net: stockOrder.netAmount, tax: stockOrder.taxAmount, gross: stockOrder.grossAmount })
    .from(stockOrder)
    .where(eq(stockOrder.id, orderId));
  const rates = await ex
    .select({ rate: stockOrderLine.taxRate })
    .from(stockOrderLine)
    .where(eq(stockOrderLine.orderId, orderId));
  const f = { net: o?.net ?? '0', tax: o?.tax ?? '0', gross: o?.gross ?? '0' };
  return {
    amount: moneyFixed(new Decimal(f.gross).times(sign)),
    net: moneyFixed(new Decimal(f.net).times(sign)),
    tax: moneyFixed(new Decimal(f.tax).times(sign)),
    taxRate: docRateFraction(
      rates.map((r) => r.rate),
      f,
    ),
    taxSource: 'document' as const,
    remark: '税率来源：单据明细（税率、单价含税）',
  };
}

/** A party without a taxpayer id: a natural person, who issues no VAT invoice. */
async function isNaturalPerson(ex: Executor, tenantId: string, partyId: string): Promise<boolean> {
  const [p] = await ex
    .select({ taxpayerId: relatedParty.taxpayerId })
    .from(relatedParty)
    .where(and(eq(relatedParty.id, partyId), tenantIs(tenantId, relatedParty)));
  return !!p && !(p.taxpayerId ?? '').trim();
}

/** A natural person's purchase: 价税合计 = 不含税 = the amount, tax 0. */
const naturalFigures = (amount: Decimal): PartyFigures => ({
  gross: amount,
  net: amount,
  tax: new Decimal(0),
  rate: new Decimal(0),
  source: 'config',
  sourceText: '自然人（无纳税人识别号），不计增值税',
});

const oneLine = (orderNo: string, docType: BizDocType, date: string, amount: string): BizDoc => ({
  orderNo,
  docType,
  date,
  partyName: '',
  lines: [{ materialId: '0', materialName: '', qty: '0', amount, cost: null }],
});

let hookTz = 'Asia/Shanghai';

/** Registers the one listener (module-level, so several apps in one process do not add it twice). */
export function registerArapHooks(tz: string): void {
  hookTz = tz;
  onDocTransition(listener);
}

type Ctx = Parameters<TransitionListener>[4];

const listener: TransitionListener = async (tx, t, table: AnyPgTable, row: Row, c) => {
  {
    const tz = hookTz;
    const isStock = table === stockOrder;
    const isDrop = table === dropShipping;
    if (!isStock && !isDrop) return;
    if (t === 'void') {
      if (row.state !== 'reviewed') return;
      await voidOfSource(tx, row, c, isDrop, tz);
      return;
    }
    const base = {
      tenantId: c.user.tenantId,
      deptId: (row.deptId as string | null) ?? null,
      userId: c.user.userId,
      sourceId: String(row.id),
      sourceNo: String(row.orderNo ?? ''),
      docDate: String(row.orderDate || formatDate(new Date(), tz)),
      tz,
    };
    if (isStock) {
      await stockReviewed(tx, row, c, base);
      return;
    }
    await dropReviewed(tx, row, c, base);
  }
};

type Base = {
  tenantId: string;
  deptId: string | null;
  userId: string;
  sourceId: string;
  sourceNo: string;
  docDate: string;
  tz: string;
};

/** A reviewed source voided: its 应收单 / 应付单 voided (a 直发单 refused in a closed period first). */
async function voidOfSource(tx: Tx, row: Row, c: Ctx, isDrop: boolean, tz: string) {
  if (isDrop) {
    // issue 21: a 直发单 leaves the period of its date — refused once that period (or today's) is closed
    await refuseClosedVoid(tx, {
      tenantId: c.user.tenantId,
      deptId: (row.deptId as string | null) ?? null,
      date: String(row.orderDate),
      voidDate: formatDate(new Date(), tz),
      action: '作废直发单',
    });
  }
  await voidDocsOfSource(tx, c.user.tenantId, String(row.id), c.user.userId, `源单作废：${String(row.orderNo ?? '')}`);
}

/** A reviewed stock document of a party: its 应收单 / 应付单 from the stored figures (a sale checked for credit). */
async function stockReviewed(tx: Tx, row: Row, c: Ctx, base: Base) {
  const s = STOCK_SIDES[String(row.docType)];
  if (!s || !row.partyId) return;
  const amounts = await storedDocAmounts(tx, String(row.id), s.sign);
  if (new Decimal(amounts.amount).isZero()) return;
  if (s.side === 'ar' && s.sign > 0) await checkCredit(tx, c.user, String(row.partyId), amounts.amount);
  await createDoc(tx, {
    ...base,
    ...amounts,
    side: s.side,
    partyId: String(row.partyId),
    sourceType: s.sourceType,
    summary: `${s.label} ${base.sourceNo}`,
  });
}

/** A reviewed 直发单: the 应收单 of its sale (credit checked) and the 应付单 of its purchase. */
async function dropReviewed(tx: Tx, row: Row, c: Ctx, base: Base) {
  const sale = new Decimal(String(row.saleAmount ?? '0'));
  const purchase = new Decimal(String(row.purchaseAmount ?? '0'));
  if (sale.gt(0) && row.customerId) {
    const f = await partyFigures(
      tx,
      base.tenantId,
      base.deptId,
      oneLine(base.sourceNo, 'out_stock', base.docDate, moneyFixed(sale)),
    );
    const amounts = docAmounts(f, 1);
    await checkCredit(tx, c.user, String(row.customerId), amounts.amount);
    await createDoc(tx, {
      ...base,
      ...amounts,
      side: 'ar',
      partyId: String(row.customerId),
      sourceType: 'drop_sale',
      summary: `直发销售 ${base.sourceNo}`,
      remark: `税率来源：${f.sourceText}`,
    });
  }
  if (purchase.gt(0) && row.supplierId) {
    // issue 21: a seller without a taxpayer id (a natural person) is owed what he is paid — no VAT is added and
    // none is deductible (as his in-stock: prepare-doc.ts naturalSeller)
    const f = (await isNaturalPerson(tx, base.tenantId, String(row.supplierId)))
      ? naturalFigures(purchase)
      : await partyFigures(
          tx,
          base.tenantId,
          base.deptId,
          oneLine(base.sourceNo, 'in_stock', base.docDate, moneyFixed(purchase)),
        );
    await createDoc(tx, {
      ...base,
      ...docAmounts(f, 1),
      side: 'ap',
      partyId: String(row.supplierId),
      sourceType: 'drop_purchase',
      summary: `直发采购 ${base.sourceNo}`,
      remark: `税率来源：${f.sourceText}`,
    });
  }
}
