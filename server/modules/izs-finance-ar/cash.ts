/**
 * cash/page, cash/detail, cash/create, cash/settle, cash/refund, cash/void (arap.contract.ts): 收款单 / 付款单 with
 * their 核销, 预收 / 预付 applied later, refunds, and the void that restores every settlement. A reviewed record
 * changes only by its void; nothing is deleted.
 */
import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { ARAP_ENDPOINTS as E } from '../../../core/contract/izs-finance-ar/arap.contract.ts';
import { ARAP_CODES, type Side } from '../../../core/contract/izs-finance-ar/fields.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { rows } from '../../db/client.ts';
import { arCash, bank, relatedParty } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, scopeOf } from '../../platform/scope.ts';
import { formatDate, formatDateTime } from '../../platform/time.ts';
import { refuseClosedPeriod, refuseClosedVoid } from '../izs-financing/business-period.ts';
import { attachBill, billOfCash, releaseBill } from './cash-bill.ts';
import { checkBank, insertCash, loadCash } from './cash-repository.ts';
import { cashEntity, guard, settleLines } from './entities.ts';
import { lockCash, partyOf, reverseLines, settle, takeRefund } from './service.ts';
import { traceCash } from './trace.ts';
import { refuseWhileVouchered, vouchersOf } from './vouchered.ts';

const KIND_TITLE: Record<string, string> = { collection: '收款单', payment: '付款单', refund: '退款单' };
/** The menu whose buttons guard a record: 收款单 / 付款单 or the side's 退款单. */
const codeOf = (side: Side, kind: string) => (kind === 'refund' ? ARAP_CODES.refund[side] : ARAP_CODES.cash[side]);

export function registerCash(app: Parameters<typeof endpoints>[0], ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(E.cashPage, cashPage(ctx));
  r.handle(E.cashDetail, cashDetail(ctx));
  r.handle(E.cashCreate, createCash(ctx));
  r.handle(E.cashSettle, settleCash(ctx));
  r.handle(E.refund, createRefund(ctx));
  r.handle(E.cashVoid, voidCash(ctx));
}

function cashPage({ db, tz }: CrudContext): Handler<typeof E.cashPage> {
  return async ({ query, user }) => {
    const kind = query.kind ?? (query.side === 'ar' ? 'collection' : 'payment');
    const code = codeOf(query.side, kind);
    await guard(db, user, code, 'view');
    const conds: (SQL | undefined)[] = [
      await scopeOf(db, user, arCash, code),
      eq(arCash.side, query.side),
      eq(arCash.kind, kind),
    ];
    if (query.partyId) conds.push(eq(arCash.partyId, query.partyId));
    if (query.beginDate) conds.push(gte(arCash.cashDate, query.beginDate));
    if (query.endDate) conds.push(lte(arCash.cashDate, query.endDate));
    const where = and(...conds);
    const [{ n }] = await db.select({ n: count() }).from(arCash).where(where);
    const list = await db
      .select({ c: arCash, partyName: relatedParty.name, bankName: bank.bankName })
      .from(arCash)
      .leftJoin(relatedParty, eq(relatedParty.id, arCash.partyId))
      .leftJoin(bank, eq(bank.id, arCash.bankId))
      .where(where)
      .orderBy(desc(arCash.cashDate), desc(arCash.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      records: list.map((x) =>
        cashEntity({ ...x.c, partyName: x.partyName, bankName: x.bankName }, (d) => formatDateTime(d, tz)),
      ),
      total: Number(n),
      current: query.current,
      size: query.size,
    };
  };
}

function cashDetail({ db, tz }: CrudContext): Handler<typeof E.cashDetail> {
  return async ({ query, user }) => {
    if (!query.id && !query.orderNo) throw badRequest('请指定收付款单');
    const c = await loadCash(db, tz, user.tenantId, query);
    await guard(db, user, codeOf(c.side as Side, c.kind), 'view');
    return {
      ...c,
      settles: await settleLines(db, user.tenantId, 'cash', c.id),
      vouchers: await vouchersOf(db, user.tenantId, c.id),
      bill: await billOfCash(db, c),
    };
  };
}

function createCash({ db, tz }: CrudContext): Handler<typeof E.cashCreate> {
  return async ({ body, user, req }) => {
    const kind = body.side === 'ar' ? 'collection' : 'payment';
    await guard(db, user, ARAP_CODES.cash[body.side], 'add');
    if (new Decimal(body.fee).gte(body.amount)) throw badRequest('手续费必须小于金额');
    const bankId = await checkBank(db, user.tenantId, body.accountType, body.bankId);
    const id = await db.transaction(async (tx) => {
      await refuseClosedPeriod(tx, {
        tenantId: user.tenantId,
        deptId: effectiveDept(user),
        date: body.cashDate,
        action: `登记${body.side === 'ar' ? '收款' : '付款'}`,
      });
      await partyOf(tx, user.tenantId, body.partyId, body.side);
      const row = await insertCash(tx, tz, user, { ...body, billNo: body.bill?.billNo ?? body.billNo, kind, bankId });
      // 承兑汇票: the bill goes into 票据管理 in this transaction (cash-bill.ts)
      if (body.method === 'bill') await attachBill(tx, user, row, body.bill);
      if (body.lines?.length || body.auto) {
        await settle(tx, {
          tenantId: user.tenantId,
          userId: user.userId,
          cashId: row.id,
          lines: body.lines?.length ? body.lines : undefined,
          date: body.cashDate,
        });
      }
      const [saved] = await tx.select().from(arCash).where(eq(arCash.id, row.id));
      const party = await partyOf(tx, user.tenantId, body.partyId, body.side);
      await traceCash(tx, tz, { ...saved, partyName: party.name });
      await writeOperationLog(tx, req, `新增${KIND_TITLE[kind]}`, {
        orderNo: [null, row.orderNo],
        amount: [null, body.amount],
      });
      return row.id;
    });
    return loadCash(db, tz, user.tenantId, { id });
  };
}

function settleCash({ db, tz }: CrudContext): Handler<typeof E.cashSettle> {
  return async ({ body, user, req }) => {
    const c = await loadCash(db, tz, user.tenantId, { id: body.cashId });
    await guard(db, user, ARAP_CODES.cash[c.side as Side], 'edit');
    const date = body.settleDate ?? formatDate(new Date(), tz);
    await db.transaction(async (tx) => {
      await refuseClosedPeriod(tx, {
        tenantId: user.tenantId,
        deptId: (await tx.select({ d: arCash.deptId }).from(arCash).where(eq(arCash.id, c.id)))[0]?.d ?? null,
        date,
        action: c.side === 'ar' ? '核销预收款' : '核销预付款',
      });
      await settle(tx, {
        tenantId: user.tenantId,
        userId: user.userId,
        cashId: c.id,
        lines: body.lines?.length ? body.lines : undefined,
        date,
      });
      await writeOperationLog(tx, req, `核销${KIND_TITLE[c.kind]}`, { orderNo: [c.orderNo, c.orderNo] });
    });
    return loadCash(db, tz, user.tenantId, { id: c.id });
  };
}

function createRefund({ db, tz }: CrudContext): Handler<typeof E.refund> {
  return async ({ body, user, req }) => {
    await guard(db, user, ARAP_CODES.refund[body.side], 'add');
    const bankId = await checkBank(db, user.tenantId, body.accountType, body.bankId);
    const id = await db.transaction(async (tx) => {
      await refuseClosedPeriod(tx, {
        tenantId: user.tenantId,
        deptId: effectiveDept(user),
        date: body.cashDate,
        action: '登记退款',
      });
      await partyOf(tx, user.tenantId, body.partyId, body.side);
      const row = await insertCash(tx, tz, user, { ...body, kind: 'refund', bankId });
      await takeRefund(tx, row, user.userId);
      await writeOperationLog(tx, req, '新增退款单', { orderNo: [null, row.orderNo], amount: [null, body.amount] });
      return row.id;
    });
    return loadCash(db, tz, user.tenantId, { id });
  };
}

function voidCash({ db, tz }: CrudContext): Handler<typeof E.cashVoid> {
  return async ({ body, user, req }) => {
    const c = await loadCash(db, tz, user.tenantId, { id: body.id });
    await guard(db, user, codeOf(c.side as Side, c.kind), 'void');
    await db.transaction(async (tx) => {
      const row = await lockCash(tx, user.tenantId, c.id);
      if (row.state === 'voided') throw badRequest(`${KIND_TITLE[row.kind]}已作废`);
      await refuseWhileVouchered(tx, user.tenantId, row.id);
      const today = formatDate(new Date(), tz);
      // issue 21: dated today (its reversing 核销 lines), refused when its own or today's period is closed
      await refuseClosedVoid(tx, {
        tenantId: user.tenantId,
        deptId: row.deptId,
        date: row.cashDate,
        voidDate: today,
        action: `作废${KIND_TITLE[row.kind]}`,
      });
      if (row.kind !== 'refund') {
        const [ref] = await rows<{ total: string }>(
          tx,
          sql`select coalesce(sum(amount), 0)::text as total from izs_ar_settle where cash_id = ${row.id} and kind = 'refund'`,
        );
        if (!new Decimal(ref.total).isZero()) {
          throw badRequest(`${KIND_TITLE[row.kind]} ${row.orderNo} 已退款 ${moneyFixed(ref.total)} 元，请先作废退款单`);
        }
        await reverseLines(tx, user.tenantId, user.userId, today, sql`s.cash_id = ${row.id} and s.kind = 'cash'`);
        await releaseBill(tx, user, row);
      } else {
        await reverseLines(tx, user.tenantId, user.userId, today, sql`s.refund_id = ${row.id}`);
      }
      await tx
        .update(arCash)
        .set({
          state: 'voided',
          voidUser: user.userId,
          voidTime: new Date(),
          voidReason: body.reason,
          updateTime: new Date(),
        })
        .where(eq(arCash.id, row.id));
      await writeOperationLog(tx, req, `作废${KIND_TITLE[row.kind]}`, {
        state: [row.state, 'voided'],
        orderNo: [row.orderNo, row.orderNo],
      });
    });
    return loadCash(db, tz, user.tenantId, { id: c.id });
  };
}
