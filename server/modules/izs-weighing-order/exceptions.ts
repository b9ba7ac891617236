/**
 * 异常过磅 (issue 24, anti-cheat.contract.ts WEIGH_EXCEPTION): the list of the exceptions the captures' flags
 * opened, their counts (the weighbridge wall screen), and the supervisor's release or void of a held weighing.
 * Release closes every open exception of the weighing (the clerk can then complete it); void voids the weighing
 * with its reason (void.ts voidTx), which closes them as voided. Both chain a record and write the operation log.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  EXCEPTION_MENU,
  EXCEPTION_STATES,
  WEIGH_EXCEPTION,
} from '../../../core/contract/izs-weighing/anti-cheat.contract.ts';
import { FLAG_KINDS, flagLabel } from '../../../core/weighing/anti-cheat.ts';
import { weighException } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { scopeOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { traceChain } from '../../platform/trace-chain/chain.ts';
import { openExceptionCount, recordSteps, resolveExceptions } from './anti-cheat.ts';
import {
  countExceptions,
  type ExceptionRow,
  exceptionRows,
  exceptionsByKind,
  exceptionsToday,
  heldWeighings,
} from './exceptions-repository.ts';
import { voidTx } from './void.ts';
import type { WeighingService } from './weighing-service.ts';

const parseJson = <T>(t: string, fallback: T): T => {
  try {
    const v = JSON.parse(t);
    return Array.isArray(v) ? (v as T) : fallback;
  } catch {
    return fallback;
  }
};
const STATE_NAMES: Record<string, string> = Object.fromEntries(EXCEPTION_STATES.map((s) => [s.value, s.label]));

export function handleExceptions(r: ReturnType<typeof endpoints>, ctx: CrudContext, w: WeighingService): void {
  r.handle(WEIGH_EXCEPTION.page, exceptionPage(ctx));
  r.handle(WEIGH_EXCEPTION.counts, exceptionCounts(ctx));
  r.handle(WEIGH_EXCEPTION.release, releaseHeld(ctx, w));
  r.handle(WEIGH_EXCEPTION.void, voidHeld(ctx, w));
}

function exceptionPage({ db, tz }: CrudContext): Handler<typeof WEIGH_EXCEPTION.page> {
  return async ({ query: q, user }) => {
    const conds = [await scopeOf(db, user, weighException, EXCEPTION_MENU)];
    if (q.state) conds.push(eq(weighException.state, q.state));
    if (q.kind) conds.push(eq(weighException.kind, q.kind));
    if (q.carNumber) conds.push(sql`${weighException.carNumber} like ${`%${q.carNumber.toUpperCase()}%`}`);
    if (q.weighingId) conds.push(eq(weighException.weighingId, q.weighingId));
    const where = and(...conds);
    const [total] = await countExceptions(db, where);
    const rows = await exceptionRows(db, where, q);
    return {
      total: Number(total?.n ?? 0),
      records: rows.map((x) => exceptionEntity(x, tz)),
    };
  };
}

/** An exception as the list answers it. */
function exceptionEntity({ e, ...x }: ExceptionRow, tz: string) {
  return {
    id: e.id,
    weighingId: e.weighingId,
    orderNo: x.orderNo,
    weighState: x.weighState,
    weighbridgeName: x.weighbridgeName,
    pass: e.pass,
    kind: e.kind,
    kindName: flagLabel(e.kind),
    detail: e.detail,
    carNumber: e.carNumber,
    plateRead: e.plateRead,
    weight: e.weight,
    reference: e.reference,
    photos: parseJson<string[]>(e.photos, []),
    readings: parseJson<{ t: number; v: string; s: boolean }[]>(e.readings, []),
    state: e.state,
    stateName: STATE_NAMES[e.state] ?? e.state,
    createTime: formatDateTime(e.createTime, tz),
    operatorName: x.operatorName,
    resolveUserName: x.resolveUserName,
    resolveTime: e.resolveTime ? formatDateTime(e.resolveTime, tz) : null,
    resolveNote: e.resolveNote,
  };
}

function exceptionCounts({ db, tz }: CrudContext): Handler<typeof WEIGH_EXCEPTION.counts> {
  return async ({ user }) => {
    const scope = await scopeOf(db, user, weighException, EXCEPTION_MENU);
    const byKind = await exceptionsByKind(db, tz, scope);
    const [held] = await heldWeighings(db, scope);
    const [today] = await exceptionsToday(db, tz, scope);
    const got = new Map(byKind.map((k) => [k.kind, k]));
    return {
      open: byKind.reduce((s, k) => s + Number(k.open), 0),
      heldWeighings: Number(held?.n ?? 0),
      today: Number(today?.n ?? 0),
      byKind: FLAG_KINDS.map((k) => ({
        kind: k.value,
        label: k.label,
        open: Number(got.get(k.value)?.open ?? 0),
        today: Number(got.get(k.value)?.today ?? 0),
      })),
    };
  };
}

function releaseHeld({ db, tz }: CrudContext, { res, lock }: WeighingService): Handler<typeof WEIGH_EXCEPTION.release> {
  return async ({ body: b, user, req }) => {
    await res.load(db, req, user, b.weighingId);
    const released = await db.transaction(async (tx) => {
      const row = await lock(tx, user, b.weighingId);
      if (row.weighState !== 'first') throw badRequest(row.weighState === 'voided' ? '磅单已作废' : '磅单已完成');
      const n = await resolveExceptions(tx, user, b.weighingId, 'released', b.note);
      if (!n) throw badRequest('该磅单没有待处理的异常过磅');
      const pass = row.secondWeight === null || row.secondWeight === undefined ? 'first' : 'second';
      await recordSteps(tx, user.tenantId, b.weighingId, pass, [['released', new Date()]]);
      await traceChain().append(tx, [releasedRecord(user, row, n, b.note, tz)]);
      await writeOperationLog(tx, req, '放行异常过磅', { exceptions: [n, 0], note: [null, b.note] });
      return n;
    });
    return { released };
  };
}

/** The chain record of a release (event 异常放行). */
function releasedRecord(user: AuthUser, row: Row, n: number, note: string, tz: string) {
  const orderNo = String(row.orderNo);
  return {
    tenantId: user.tenantId,
    orderType: 'weighing',
    orderNo,
    event: 'released',
    fields: {
      orderNo,
      orderType: '磅单',
      event: '异常放行',
      eventTime: formatDateTime(new Date(), tz),
      carNumber: String(row.carNumber),
      released: String(n),
      note,
    },
  };
}

function voidHeld({ db, tz }: CrudContext, { res, lock }: WeighingService): Handler<typeof WEIGH_EXCEPTION.void> {
  return async ({ body: b, user, req }) => {
    await res.load(db, req, user, b.weighingId);
    const voided = await db.transaction(async (tx) => {
      const row = await lock(tx, user, b.weighingId);
      const n = await openExceptionCount(tx, user.tenantId, b.weighingId);
      if (!n) throw badRequest('该磅单没有待处理的异常过磅');
      await voidTx(tx, req, user, row, `异常过磅：${b.note}`.slice(0, 255), tz);
      return n;
    });
    return { voided };
  };
}
