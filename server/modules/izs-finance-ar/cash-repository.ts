/**
 * The 收付款单 rows (izs_ar_cash): read one as answered, check its bank account, write a new one (numbered, reviewed
 * at once). Used by the cash routes (cash.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Side } from '../../../core/contract/izs-finance-ar/fields.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { arCash, bank, relatedParty } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { columnsOf } from '../../platform/crud/values.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantIs } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { cashEntity } from './entities.ts';
import { ARAP_KIND } from './service.ts';

/** One 收付款单 as answered, by id or number; refused when it is not the tenant's. */
export async function loadCash(db: Executor, tz: string, tenantId: string, by: { id?: string; orderNo?: string }) {
  const where = by.id ? eq(arCash.id, by.id) : eq(arCash.orderNo, by.orderNo ?? '');
  const [c] = await db
    .select({ c: arCash, partyName: relatedParty.name, bankName: bank.bankName })
    .from(arCash)
    .leftJoin(relatedParty, eq(relatedParty.id, arCash.partyId))
    .leftJoin(bank, eq(bank.id, arCash.bankId))
    .where(and(where, tenantIs(tenantId, arCash)));
  if (!c) throw badRequest('收付款单不存在');
  return cashEntity({ ...c.c, partyName: c.partyName, bankName: c.bankName }, (d) => formatDateTime(d, tz));
}

/** The bank account of a record paid through a bank: required, and the tenant's. */
export async function checkBank(db: Executor, tenantId: string, accountType: string, bankId?: string) {
  if (accountType !== 'bank') return null;
  if (!bankId) throw badRequest('请选择银行账户');
  const [b] = await db
    .select({ id: bank.id })
    .from(bank)
    .where(and(eq(bank.id, bankId), tenantIs(tenantId, bank)));
  if (!b) throw badRequest('银行账户不存在');
  return bankId;
}

/** One 收付款单, reviewed at once: the body's columns (columnsOf: a new column needs no edit here) and the server's. */
export async function insertCash(
  tx: Tx,
  tz: string,
  user: AuthUser,
  v: Partial<typeof arCash.$inferInsert> & {
    side: Side;
    kind: string;
    partyId: string;
    cashDate: string;
    amount: string;
  },
) {
  const numbering =
    v.kind === 'refund'
      ? v.side === 'ar'
        ? ARAP_KIND.refund_ar
        : ARAP_KIND.refund_ap
      : ARAP_KIND[v.kind as 'collection' | 'payment'];
  const now = new Date();
  const [row] = await tx
    .insert(arCash)
    .values({
      ...columnsOf(arCash, v),
      side: v.side,
      kind: v.kind,
      partyId: v.partyId,
      cashDate: v.cashDate,
      amount: v.amount,
      tenantId: user.tenantId,
      deptId: effectiveDept(user),
      createUser: user.userId,
      createDept: effectiveDept(user),
      orderNo: await drawOrderNo(tx, numbering, { tenantId: user.tenantId, tz }),
      applied: '0',
      billId: null,
      billMode: '',
      state: 'reviewed',
      reviewer: user.userId,
      reviewTime: now,
    })
    .returning();
  return row;
}
