/**
 * transfer/page, transfer/offset, transfer/create, transfer/void (arap.contract.ts): 应收应付对冲 — a partner that
 * is both customer and supplier settles what it owes against what it is owed, oldest documents first on both
 * sides — and 资金调拨 between the company's own accounts (no party, no 核销).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ARAP_ENDPOINTS as E } from '../../../core/contract/izs-finance-ar/arap.contract.ts';
import { ARAP_CODES } from '../../../core/contract/izs-finance-ar/fields.ts';
import type { Db } from '../../db/client.ts';
import { arTransfer, relatedParty } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, scopeOf } from '../../platform/scope.ts';
import { formatDate } from '../../platform/time.ts';
import { refuseClosedPeriod, refuseClosedVoid } from '../izs-financing/business-period.ts';
import { guard } from './entities.ts';
import { offsetTx } from './offset.ts';
import { reverseLines } from './service.ts';
import {
  insertTransfer,
  loadTransfer,
  lockTransfer,
  markTransferVoided,
  transferEntity,
} from './transfer-repository.ts';
import { refuseWhileVouchered } from './vouchered.ts';

export function registerTransfers(app: Parameters<typeof endpoints>[0], ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);
  r.handle(E.transferPage, transferPage(db));
  r.handle(E.offset, offset(db, tz));
  r.handle(E.transferCreate, createTransfer(db, tz));
  r.handle(E.transferVoid, voidTransfer(db, tz));
}

const code = ARAP_CODES.transfer;

function transferPage(db: Db): Handler<typeof E.transferPage> {
  return async ({ query, user }) => {
    await guard(db, user, code, 'view');
    const where = and(
      await scopeOf(db, user, arTransfer, code),
      query.kind ? eq(arTransfer.kind, query.kind) : undefined,
    );
    const [{ n }] = await db.select({ n: count() }).from(arTransfer).where(where);
    const list = await db
      .select({ t: arTransfer, partyName: relatedParty.name })
      .from(arTransfer)
      .leftJoin(relatedParty, eq(relatedParty.id, arTransfer.partyId))
      .where(where)
      .orderBy(desc(arTransfer.transferDate), desc(arTransfer.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      records: list.map((x) => transferEntity({ ...x.t, partyName: x.partyName })),
      total: Number(n),
      current: query.current,
      size: query.size,
    };
  };
}

function offset(db: Db, tz: string): Handler<typeof E.offset> {
  return async ({ body, user, req }) => {
    await guard(db, user, code, 'add');
    const id = await db.transaction(async (tx) => {
      const row = await offsetTx(tx, {
        tenantId: user.tenantId,
        deptId: effectiveDept(user),
        userId: user.userId,
        partyId: body.partyId,
        transferDate: body.transferDate,
        amount: body.amount,
        remark: body.remark,
        tz,
      });
      await writeOperationLog(tx, req, '应收应付对冲', { orderNo: [null, row.orderNo], amount: [null, body.amount] });
      return row.id;
    });
    return loadTransfer(db, user.tenantId, id);
  };
}

function createTransfer(db: Db, tz: string): Handler<typeof E.transferCreate> {
  return async ({ body, user, req }) => {
    await guard(db, user, code, 'add');
    if (body.fromAccount === body.toAccount) throw badRequest('转出账户和转入账户不能相同');
    const id = await db.transaction(async (tx) => {
      await refuseClosedPeriod(tx, {
        tenantId: user.tenantId,
        deptId: effectiveDept(user),
        date: body.transferDate,
        action: '登记资金调拨',
      });
      const row = await insertTransfer(tx, user, tz, body);
      await writeOperationLog(tx, req, '资金调拨', { orderNo: [null, row.orderNo], amount: [null, body.amount] });
      return row.id;
    });
    return loadTransfer(db, user.tenantId, id);
  };
}

function voidTransfer(db: Db, tz: string): Handler<typeof E.transferVoid> {
  return async ({ body, user, req }) => {
    await loadTransfer(db, user.tenantId, body.id);
    await guard(db, user, code, 'void');
    await db.transaction(async (tx) => {
      const t = await lockTransfer(tx, body.id);
      if (t.state === 'voided') throw badRequest('调拨单已作废');
      await refuseWhileVouchered(tx, user.tenantId, t.id);
      const today = formatDate(new Date(), tz);
      // issue 21: dated today (its reversing 核销 lines), refused when its own or today's period is closed
      await refuseClosedVoid(tx, {
        tenantId: user.tenantId,
        deptId: t.deptId,
        date: t.transferDate,
        voidDate: today,
        action: t.kind === 'offset' ? '作废对冲' : '作废资金调拨',
      });
      await reverseLines(tx, user.tenantId, user.userId, today, sql`s.transfer_id = ${t.id}`);
      await markTransferVoided(tx, user.userId, t.id, body.reason);
      await writeOperationLog(tx, req, t.kind === 'offset' ? '作废对冲' : '作废资金调拨', {
        state: [t.state, 'voided'],
        orderNo: [t.orderNo, t.orderNo],
      });
    });
    return loadTransfer(db, user.tenantId, body.id);
  };
}
