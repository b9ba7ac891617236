/**
 * reverse/page, reverse/candidates, reverse/create, reverse/issue, reverse/void (reverse.contract.ts): 反向开票 for
 * scrap bought from natural persons (国家税务总局公告2024年第5号). Rules: core/finance-ar reverse.ts.
 *
 * Guarantees:
 * - made from a reviewed in-stock whose seller has no taxpayer id (an enterprise or 个体工商户 invoices itself);
 * - one live (not voided) reverse invoice per in-stock, never over the document's amount; refused when the
 *   purchase month is closed in a book of the tenant;
 * - the seller's month and rolling 12 months are summed under an advisory lock on (tenant, ID number), so two
 *   clerks cannot both slip under the 100,000 / 5,000,000 lines;
 * - evidence: the weighing memo of the in-stock, the payments that settled its 应付单, photos; nothing is deleted.
 */
import Decimal from 'decimal.js';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { REVERSE, REVERSE_CODE, type ReverseInvoice } from '../../../core/contract/izs-finance-ar/reverse.contract.ts';
import {
  maskIdNumber,
  reverseTax,
  rollingYear,
  validIdNumber,
  yearLimitRefusal,
} from '../../../core/finance-ar/index.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { arReverseInvoice, relatedParty } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, scopeOf, tenantIs } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { guard } from './entities.ts';

type Row = typeof arReverseInvoice.$inferSelect;
const m2 = (v: string | null | undefined) => moneyFixed(v ?? '0');
const STATE_TITLE: Record<string, string> = { pending: '待开票', issued: '已开票', voided: '已作废' };

export function reverseEntity(r: Row & { partyName?: string | null }, tz: string): ReverseInvoice {
  const ev = (r.evidence ?? {}) as { weighingNo?: string; paymentNos?: string[]; photos?: string[] };
  return {
    id: r.id,
    orderId: r.orderId,
    orderNo: r.orderNo,
    partyId: r.partyId,
    partyName: r.partyName ?? '',
    sellerName: r.sellerName,
    idNumber: maskIdNumber(r.idNumber),
    phone: r.phone,
    month: r.month,
    amount: m2(r.amount),
    netAmount: m2(r.netAmount),
    taxRate: r.taxRate,
    taxAmount: m2(r.taxAmount),
    iitAmount: m2(r.iitAmount),
    state: (r.state || 'pending') as ReverseInvoice['state'],
    invoiceNo: r.invoiceNo,
    issueDate: r.issueDate,
    voidReason: r.voidReason,
    evidence: { weighingNo: ev.weighingNo ?? '', paymentNos: ev.paymentNos ?? [], photos: ev.photos ?? [] },
    remark: r.remark,
    createTime: formatDateTime(r.createTime, tz),
  };
}

/** Σ net of the seller's live reverse invoices in [from, to] (months). */
async function sellerNet(ex: Executor, tenantId: string, idNumber: string, from: string, to: string) {
  const [r] = await rows<{ s: string }>(
    ex,
    sql`select coalesce(sum(net_amount), 0)::text as s from izs_ar_reverse
         where tenant_id = ${tenantId} and id_number = ${idNumber} and is_deleted = 0 and state <> 'voided'
           and month >= ${from} and month <= ${to}`,
  );
  return r.s;
}

/** The weighing memo and the payments that settled the in-stock's 应付单. */
async function evidenceOf(tx: Tx, orderId: string, weighingId: string | null) {
  const [w] = weighingId
    ? await rows<{ no: string }>(tx, sql`select order_no as no from izs_weighing_order where id = ${weighingId}`)
    : [];
  const pays = await rows<{ no: string }>(
    tx,
    sql`select distinct c.order_no as no from izs_ar_settle s
          join izs_ar_doc d on d.id = s.doc_id
          join izs_ar_cash c on c.id = s.cash_id
         where d.source_id = ${orderId} and s.kind = 'cash' and s.is_void = 0 and c.state = 'reviewed'
           and not exists (select 1 from izs_ar_settle r where r.reverses_id = s.id)
         order by c.order_no`,
  );
  return { weighingNo: w?.no ?? '', paymentNos: pays.map((p) => p.no) };
}

export function registerReverse(app: Parameters<typeof endpoints>[0], ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(REVERSE.page, reversePage(ctx));
  r.handle(REVERSE.candidates, reverseCandidates(ctx));
  r.handle(REVERSE.create, createReverse(ctx));
  r.handle(REVERSE.issue, async ({ body, user, req }) =>
    transition(
      ctx,
      user.tenantId,
      body.id,
      ['pending'],
      { state: 'issued', invoiceNo: body.invoiceNo, issueDate: body.issueDate, updateUser: user.userId },
      '登记开票',
      req,
    ),
  );
  r.handle(REVERSE.void, voidReverse(ctx));
}

function reversePage({ db, tz }: CrudContext): Handler<typeof REVERSE.page> {
  return async ({ query, user }) => {
    const conds: (SQL | undefined)[] = [await scopeOf(db, user, arReverseInvoice, REVERSE_CODE)];
    if (query.month) conds.push(eq(arReverseInvoice.month, query.month));
    if (query.state) conds.push(eq(arReverseInvoice.state, query.state));
    if (query.keyword)
      conds.push(
        or(
          ilike(arReverseInvoice.sellerName, `%${query.keyword}%`),
          ilike(arReverseInvoice.orderNo, `%${query.keyword}%`),
          ilike(arReverseInvoice.invoiceNo, `%${query.keyword}%`),
        ),
      );
    const where = and(...conds);
    const [{ n }] = await db.select({ n: count() }).from(arReverseInvoice).where(where);
    const [t] = await db
      .select({
        amount: sql<string>`coalesce(sum(${arReverseInvoice.amount}) filter (where ${arReverseInvoice.state} <> 'voided'), 0)::text`,
        netAmount: sql<string>`coalesce(sum(${arReverseInvoice.netAmount}) filter (where ${arReverseInvoice.state} <> 'voided'), 0)::text`,
        taxAmount: sql<string>`coalesce(sum(${arReverseInvoice.taxAmount}) filter (where ${arReverseInvoice.state} <> 'voided'), 0)::text`,
        iitAmount: sql<string>`coalesce(sum(${arReverseInvoice.iitAmount}) filter (where ${arReverseInvoice.state} <> 'voided'), 0)::text`,
      })
      .from(arReverseInvoice)
      .where(where);
    const list = await db
      .select({ r: arReverseInvoice, partyName: relatedParty.name })
      .from(arReverseInvoice)
      .leftJoin(relatedParty, eq(relatedParty.id, arReverseInvoice.partyId))
      .where(where)
      .orderBy(desc(arReverseInvoice.month), desc(arReverseInvoice.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      records: list.map((x) => reverseEntity({ ...x.r, partyName: x.partyName }, tz)),
      total: Number(n),
      current: query.current,
      size: query.size,
      totals: {
        amount: m2(t.amount),
        netAmount: m2(t.netAmount),
        taxAmount: m2(t.taxAmount),
        iitAmount: m2(t.iitAmount),
      },
    };
  };
}

function reverseCandidates({ db }: CrudContext): Handler<typeof REVERSE.candidates> {
  return async ({ query, user }) => {
    const list = await rows<{
      orderId: string;
      orderNo: string;
      orderDate: string;
      partyId: string;
      partyName: string;
      phone: string;
      bankAccount: string;
      total: string;
      covered: string;
    }>(
      db,
      sql`select o.id::text as "orderId", o.order_no as "orderNo", o.order_date as "orderDate",
                 o.party_id::text as "partyId", p.name as "partyName", p.phone, p.bank_account as "bankAccount",
                 o.gross_amount::text as total,
                 coalesce((select sum(x.amount) from izs_ar_reverse x where x.order_id = o.id and x.is_deleted = 0
                            and x.state <> 'voided'), 0)::text as covered
            from izs_stock_order o join izs_related_party p on p.id = o.party_id
           where o.tenant_id = ${user.tenantId} and o.is_deleted = 0 and o.doc_type = 'in_stock'
             and o.state = 'reviewed' and p.taxpayer_id = ''
             and o.order_date >= ${`${query.month}-01`} and o.order_date <= ${`${query.month}-31`}
           order by o.order_date, o.order_no
           limit 500`,
    );
    return list
      .filter((x) => new Decimal(x.covered).isZero())
      .map((x) => ({
        orderId: x.orderId,
        orderNo: x.orderNo,
        orderDate: x.orderDate,
        partyId: x.partyId,
        partyName: x.partyName,
        phone: x.phone,
        bankAccount: x.bankAccount,
        totalAmount: m2(x.total),
        open: m2(x.total),
      }));
  };
}

function createReverse({ db, tz }: CrudContext): Handler<typeof REVERSE.create> {
  return async ({ body, user, req }) => {
    if (!validIdNumber(body.idNumber)) throw badRequest('身份证号码校验位不正确，请核对');
    const id = await db.transaction(async (tx) => {
      const [o] = await rows<{
        id: string;
        orderNo: string;
        orderDate: string;
        state: string;
        docType: string;
        total: string;
        partyId: string | null;
        weighingId: string | null;
      }>(
        tx,
        sql`select id::text, order_no as "orderNo", order_date as "orderDate", state, doc_type as "docType",
                   gross_amount::text as total, party_id::text as "partyId", source_weighing_id::text as "weighingId"
              from izs_stock_order where id = ${body.orderId} and tenant_id = ${user.tenantId} and is_deleted = 0
               for update`,
      );
      if (!o || o.docType !== 'in_stock') throw badRequest('采购入库单不存在');
      if (o.state !== 'reviewed') throw badRequest(`采购入库单 ${o.orderNo} 尚未审核，不能反向开票`);
      const [p] = o.partyId
        ? await tx
            .select({ name: relatedParty.name, taxpayerId: relatedParty.taxpayerId })
            .from(relatedParty)
            .where(eq(relatedParty.id, o.partyId))
        : [];
      if (p?.taxpayerId)
        throw badRequest(`供应商「${p.name}」有纳税人识别号，是企业或个体工商户，应自行开具发票，不能反向开票`);
      const [dup] = await rows<{ orderNo: string }>(
        tx,
        sql`select order_no as "orderNo" from izs_ar_reverse
             where order_id = ${o.id} and is_deleted = 0 and state <> 'voided' limit 1`,
      );
      if (dup) throw badRequest(`采购入库单 ${o.orderNo} 已反向开票，不能重复开票（可先作废原记录）`);
      if (new Decimal(body.amount).gt(o.total))
        throw badRequest(`开票金额 ${m2(body.amount)} 元超过采购入库单 ${o.orderNo} 的金额 ${m2(o.total)} 元`);
      const month = o.orderDate.slice(0, 7);
      const [closed] = await rows<{ name: string; closedThrough: string }>(
        tx,
        sql`select name, closed_through as "closedThrough" from izs_fin_account_set
             where tenant_id = ${user.tenantId} and is_deleted = 0 and closed_through >= ${month} order by id limit 1`,
      );
      if (closed)
        throw badRequest(`${month} 已在账套「${closed.name}」结账（结账至 ${closed.closedThrough}），不能反向开票`);
      // the seller's sums: one writer per (tenant, ID number)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reverse:${user.tenantId}:${body.idNumber}`}))`);
      const tax = reverseTax(body.amount, await sellerNet(tx, user.tenantId, body.idNumber, month, month));
      const [from, to] = rollingYear(month);
      const refused = yearLimitRefusal(await sellerNet(tx, user.tenantId, body.idNumber, from, to), tax.net);
      if (refused) throw badRequest(refused);
      const ev = await evidenceOf(tx, o.id, o.weighingId);
      const [row] = await tx
        .insert(arReverseInvoice)
        .values({
          tenantId: user.tenantId,
          deptId: effectiveDept(user),
          createUser: user.userId,
          createDept: effectiveDept(user),
          orderId: o.id,
          orderNo: o.orderNo,
          partyId: o.partyId,
          sellerName: body.sellerName,
          idNumber: body.idNumber,
          phone: body.phone,
          bankCard: body.bankCard,
          month,
          amount: m2(body.amount),
          netAmount: tax.net,
          taxRate: tax.rate,
          taxAmount: tax.tax,
          iitAmount: tax.iit,
          state: 'pending',
          evidence: { ...ev, photos: body.photos },
          remark: body.remark,
        })
        .returning({ id: arReverseInvoice.id });
      await writeOperationLog(tx, req, '新增反向开票', { orderNo: [null, o.orderNo], amount: [null, m2(body.amount)] });
      return row.id;
    });
    return loadReverse(db, tz, user.tenantId, id);
  };
}

function voidReverse(ctx: CrudContext): Handler<typeof REVERSE.void> {
  const { db } = ctx;
  return async ({ body, user, req }) => {
    await guard(db, user, REVERSE_CODE, 'void');
    return transition(
      ctx,
      user.tenantId,
      body.id,
      ['pending', 'issued'],
      { state: 'voided', voidReason: body.reason, updateUser: user.userId },
      '作废',
      req,
    );
  };
}

/** One 反向开票 record as answered; refused when it is not the tenant's. */
async function loadReverse(db: Executor, tz: string, tenantId: string, id: string): Promise<ReverseInvoice> {
  const [x] = await db
    .select({ r: arReverseInvoice, partyName: relatedParty.name })
    .from(arReverseInvoice)
    .leftJoin(relatedParty, eq(relatedParty.id, arReverseInvoice.partyId))
    .where(and(eq(arReverseInvoice.id, id), tenantIs(tenantId, arReverseInvoice)));
  if (!x) throw badRequest('反向开票记录不存在');
  return reverseEntity({ ...x.r, partyName: x.partyName }, tz);
}

/** A state change of a record (登记开票, 作废) from the states it may leave, logged; answers the record. */
async function transition(
  { db, tz }: CrudContext,
  tenantId: string,
  id: string,
  from: string[],
  set: Partial<Row>,
  what: string,
  req: Parameters<typeof writeOperationLog>[1],
) {
  await db.transaction(async (tx) => {
    const [x] = await tx
      .select()
      .from(arReverseInvoice)
      .where(and(eq(arReverseInvoice.id, id), tenantIs(tenantId, arReverseInvoice)))
      .for('update');
    if (!x) throw badRequest('反向开票记录不存在');
    if (!from.includes(x.state)) throw badRequest(`反向开票记录${STATE_TITLE[x.state] ?? x.state}，不能${what}`);
    await tx
      .update(arReverseInvoice)
      .set({ ...set, updateTime: new Date() })
      .where(eq(arReverseInvoice.id, id));
    await writeOperationLog(tx, req, `反向开票${what}`, {
      state: [x.state, String(set.state)],
      orderNo: [x.orderNo, x.orderNo],
    });
  });
  return loadReverse(db, tz, tenantId, id);
}
