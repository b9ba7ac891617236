/** 应收应付对冲 as a service (the transfer/offset handler and the demo seed call it in their transaction). */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { allocate, offsetCheck, oldestFirst } from '../../../core/finance-ar/index.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Tx } from '../../db/client.ts';
import { arSettle, arTransfer, relatedParty } from '../../db/schema/index.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import { refuseClosedPeriod } from '../izs-financing/business-period.ts';
import { ARAP_KIND, addSettled, lockOpenDocs } from './service.ts';

export interface OffsetInput {
  tenantId: string;
  deptId: string | null;
  userId: string;
  partyId: string;
  transferDate: string;
  amount: string;
  remark: string;
  tz: string;
}

/** 应收应付对冲 of one party: at most the smaller open side, oldest documents first on both sides. */
export async function offsetTx(tx: Tx, o: OffsetInput) {
  const [p] = await tx
    .select({ id: relatedParty.id })
    .from(relatedParty)
    .where(and(eq(relatedParty.id, o.partyId), tenantIs(o.tenantId, relatedParty)));
  if (!p) throw badRequest('往来单位不存在');
  await refuseClosedPeriod(tx, {
    tenantId: o.tenantId,
    deptId: o.deptId,
    date: o.transferDate,
    action: '登记应收应付对冲',
  });
  // both sides locked, receivables first (id order inside each side)
  // only documents dated on or before the offset (a settlement is never dated before what it settles)
  const onOrBefore = (list: Awaited<ReturnType<typeof lockOpenDocs>>) =>
    list.filter((d) => d.docDate <= o.transferDate);
  const ar = onOrBefore(await lockOpenDocs(tx, o.tenantId, 'ar', o.partyId));
  const ap = onOrBefore(await lockOpenDocs(tx, o.tenantId, 'ap', o.partyId));
  const open = (list: typeof ar) =>
    oldestFirst(
      list.map((d) => ({
        id: d.id,
        orderNo: d.orderNo,
        date: d.docDate,
        open: moneyFixed(new Decimal(d.amount).minus(d.settled)),
      })),
    );
  const openAr = open(ar);
  const openAp = open(ap);
  const sum = (l: typeof openAr) => moneyFixed(l.reduce((s, d) => s.plus(d.open), new Decimal(0)));
  const refused = offsetCheck(sum(openAr), sum(openAp), o.amount);
  if (refused) throw badRequest(refused);
  const [row] = await tx
    .insert(arTransfer)
    .values({
      tenantId: o.tenantId,
      deptId: o.deptId,
      createUser: o.userId,
      createDept: o.deptId,
      orderNo: await drawOrderNo(tx, ARAP_KIND.offset, { tenantId: o.tenantId, tz: o.tz }),
      kind: 'offset',
      partyId: o.partyId,
      transferDate: o.transferDate,
      amount: o.amount,
      state: 'reviewed',
      reviewer: o.userId,
      reviewTime: new Date(),
      remark: o.remark,
    })
    .returning();
  for (const [side, list] of [
    ['ar', openAr],
    ['ap', openAp],
  ] as const) {
    const a = allocate(list, o.amount);
    if (!a.ok) throw badRequest(a.message);
    for (const l of a.lines) {
      await tx.insert(arSettle).values({
        tenantId: o.tenantId,
        side,
        kind: 'offset',
        partyId: o.partyId,
        docId: l.docId,
        transferId: row.id,
        amount: l.amount,
        settleDate: o.transferDate,
        createUser: o.userId,
      });
      await addSettled(tx, l.docId, l.amount);
    }
  }
  return row;
}
