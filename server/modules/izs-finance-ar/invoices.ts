/**
 * invoice/page, invoice/match, invoice/save (invoice.contract.ts): invoices linked to the stock documents they
 * cover, and the 票货款 three-way match — goods (the reviewed document's amount), invoiced (Σ links), paid (what
 * is settled on its 应收单 / 应付单), uninvoiced = goods − invoiced. A duplicate number and a link beyond the
 * document's uninvoiced amount are refused with the figures; the document rows are locked while linking.
 */
import Decimal from 'decimal.js';
import { and, count, desc, eq } from 'drizzle-orm';
import { ARAP_CODES } from '../../../core/contract/izs-finance-ar/fields.ts';
import { INVOICE_ENDPOINTS as E, type Invoice } from '../../../core/contract/izs-finance-ar/invoice.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Db, Tx } from '../../db/client.ts';
import { arInvoice } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, scopeOf } from '../../platform/scope.ts';
import { refuseClosedPeriod } from '../izs-financing/business-period.ts';
import { guard } from './entities.ts';
import {
  duplicateInvoice,
  insertInvoice,
  insertLink,
  invoicedOn,
  invoiceWithOrders,
  lockLinkedOrder,
  matchRows,
  orderNosOf,
} from './invoices-repository.ts';
import { traceInvoice } from './trace.ts';

const m2 = (v: string | null | undefined) => moneyFixed(v ?? '0');
const DOC_TYPE = { in: 'in_stock', out: 'out_stock' } as const;
const codeOf = (d: 'in' | 'out') => (d === 'in' ? ARAP_CODES.purchaseInvoice : ARAP_CODES.salesInvoice);

type InvoiceRow = typeof arInvoice.$inferSelect;
const entity = (r: InvoiceRow, orderNos: string): Invoice => ({
  id: r.id,
  direction: r.direction,
  invoiceCode: r.invoiceCode,
  invoiceNo: r.invoiceNo,
  invoiceType: r.invoiceType,
  invoiceDate: r.invoiceDate,
  amount: m2(r.amount),
  taxAmount: m2(r.taxAmount),
  taxAndAmount: m2(r.taxAndAmount),
  purchaserName: r.purchaserName,
  purchaserTaxpayerId: r.purchaserTaxpayerId,
  sellerName: r.sellerName,
  sellerTaxpayerId: r.sellerTaxpayerId,
  sellerBankName: r.sellerBankName,
  sellerBankAccount: r.sellerBankAccount,
  origin: r.origin,
  remark: r.remark,
  orderNos,
});
export function registerInvoices(app: Parameters<typeof endpoints>[0], ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);
  r.handle(E.page, invoicePage(db));
  r.handle(E.match, invoiceMatch(db));
  r.handle(E.save, saveInvoice(db, tz));
}

function invoicePage(db: Db): Handler<typeof E.page> {
  return async ({ query, user }) => {
    const code = codeOf(query.direction);
    await guard(db, user, code, 'view');
    const where = and(await scopeOf(db, user, arInvoice, code), eq(arInvoice.direction, query.direction));
    const [{ n }] = await db.select({ n: count() }).from(arInvoice).where(where);
    const list = await db
      .select({ r: arInvoice, orderNos: orderNosOf })
      .from(arInvoice)
      .where(where)
      .orderBy(desc(arInvoice.invoiceDate), desc(arInvoice.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      records: list.map((x) => entity(x.r, x.orderNos)),
      total: Number(n),
      current: query.current,
      size: query.size,
    };
  };
}

function invoiceMatch(db: Db): Handler<typeof E.match> {
  return async ({ query, user }) => {
    await guard(db, user, codeOf(query.direction), 'view');
    const list = await matchRows(db, user.tenantId, DOC_TYPE[query.direction]);
    return list
      .map((x) => ({
        orderId: x.order_id,
        orderNo: x.order_no,
        orderDate: x.order_date,
        partyName: x.party_name ?? '',
        goods: m2(x.goods),
        invoiced: m2(x.invoiced),
        paid: m2(x.paid),
        uninvoiced: moneyFixed(new Decimal(x.goods).minus(x.invoiced)),
      }))
      .filter((x) => query.onlyOpen === '0' || new Decimal(x.uninvoiced).gt(0));
  };
}

type SaveBody = Parameters<Handler<typeof E.save>>[0]['body'];

function saveInvoice(db: Db, tz: string): Handler<typeof E.save> {
  return async ({ body, user, req }) => {
    await guard(db, user, codeOf(body.direction), 'add');
    if (!new Decimal(body.amount).plus(body.taxAmount).eq(body.taxAndAmount)) {
      throw badRequest(`价税合计 ${m2(body.taxAndAmount)} 应等于金额 ${m2(body.amount)} + 税额 ${m2(body.taxAmount)}`);
    }
    const id = await db.transaction(async (tx) => {
      await refuseClosedPeriod(tx, {
        tenantId: user.tenantId,
        deptId: effectiveDept(user),
        date: body.invoiceDate,
        action: body.direction === 'in' ? '登记进项发票' : '登记销项发票',
      });
      const dup = await duplicateInvoice(tx, user.tenantId, body);
      if (dup) throw badRequest(`发票 ${body.invoiceNo} 已登记，不能重复录入`);
      const { links, ...fields } = body;
      const row = await insertInvoice(tx, user, fields);
      await linkOrders(tx, user.tenantId, row.id, body.direction, links);
      await traceInvoice(tx, tz, { ...row, tenantId: user.tenantId });
      await writeOperationLog(tx, req, body.direction === 'in' ? '登记进项发票' : '登记销项发票', {
        invoiceNo: [null, body.invoiceNo],
      });
      return row.id;
    });
    const x = await invoiceWithOrders(db, id);
    return entity(x.r, x.orderNos);
  };
}

/**
 * The invoice's links, in order id order: each document locked, reviewed and of the direction's type, refused
 * beyond what is not yet invoiced on it.
 */
async function linkOrders(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  direction: SaveBody['direction'],
  links: SaveBody['links'],
) {
  for (const l of [...links].sort((a, b) => a.orderId.localeCompare(b.orderId))) {
    const o = await lockLinkedOrder(tx, tenantId, l.orderId);
    if (!o || o.docType !== DOC_TYPE[direction] || o.state !== 'reviewed') throw badRequest('关联的单据不存在或未审核');
    const done = await invoicedOn(tx, o.id);
    const left = new Decimal(o.total).minus(done.s);
    if (new Decimal(l.amount).gt(left)) {
      throw badRequest(`单据 ${o.orderNo} 未开票金额 ${moneyFixed(left)} 元，不能开票 ${m2(l.amount)} 元`);
    }
    await insertLink(tx, tenantId, invoiceId, o.id, l.amount);
  }
}
