/**
 * 金单 settlement in receivables / payables (issue 12): the issuer (a core enterprise we sold to) pays the face at
 * maturity, so settling a certificate writes a 收款单 from the issuer — method 票据, bill number = the certificate
 * number, fee = the discount interest when it was discounted (the fund provider collected the face) — and 核销 it
 * oldest first against the issuer's open 应收单 (what is left stays 预收). A certificate we passed on to a supplier
 * paid that supplier: its settlement also writes the 付款单 to the holder, 核销 against its 应付单. Both through
 * `izs-finance-ar/service.ts` (`settle`), in the settlement's transaction, so the parties' open balances move with it.
 */
import { sql } from 'drizzle-orm';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { arCash } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { effectiveDept } from '../../platform/scope.ts';
import { ARAP_KIND, PARTY_TYPES, settle } from '../izs-finance-ar/service.ts';
import { refuseClosedPeriod } from '../izs-financing/business-period.ts';

/** A party of the tenant called `name` that may hold receivables (customer / both), or null. */
export async function issuerParty(tx: Executor, tenantId: string, name: string): Promise<string | null> {
  const [p] = await rows<{ id: string }>(
    tx,
    sql`select id::text as id from izs_related_party
         where tenant_id = ${tenantId} and is_deleted = 0 and name = ${name}
           and type in (${sql.join(
             PARTY_TYPES.ar.map((t) => sql`${t}`),
             sql`, `,
           )})
         order by id limit 1`,
  );
  return p?.id ?? null;
}

/** Whether a party of the tenant may hold payables (supplier / both). */
export async function isSupplier(tx: Executor, tenantId: string, partyId: string): Promise<boolean> {
  const [p] = await rows<{ type: string }>(
    tx,
    sql`select type from izs_related_party where id = ${partyId} and tenant_id = ${tenantId} and is_deleted = 0`,
  );
  return !!p && PARTY_TYPES.ap.includes(p.type);
}

/** Writes a reviewed 收款单 (ar) / 付款单 (ap) for a certificate and settles it oldest first; answers its number. */
export async function certCash(
  tx: Tx,
  user: AuthUser,
  tz: string,
  v: { side: 'ar' | 'ap'; partyId: string; amount: string; fee: string; date: string; certNo: string },
): Promise<string> {
  await refuseClosedPeriod(tx, {
    tenantId: user.tenantId,
    deptId: effectiveDept(user),
    date: v.date,
    action: '兑付金单',
  });
  const now = new Date();
  const [row] = await tx
    .insert(arCash)
    .values({
      tenantId: user.tenantId,
      deptId: effectiveDept(user),
      createUser: user.userId,
      createDept: effectiveDept(user),
      orderNo: await drawOrderNo(tx, v.side === 'ar' ? ARAP_KIND.collection : ARAP_KIND.payment, {
        tenantId: user.tenantId,
        tz: tz,
      }),
      side: v.side,
      kind: v.side === 'ar' ? 'collection' : 'payment',
      partyId: v.partyId,
      accountType: 'bank',
      bankId: null,
      method: 'bill',
      billNo: v.certNo,
      cashDate: v.date,
      amount: moneyFixed(v.amount),
      fee: moneyFixed(v.fee),
      state: 'reviewed',
      reviewer: user.userId,
      reviewTime: now,
      remark: `金单 ${v.certNo} 到期兑付`,
    })
    .returning({ id: arCash.id, orderNo: arCash.orderNo });
  await settle(tx, { tenantId: user.tenantId, userId: user.userId, cashId: row.id, date: v.date });
  return row.orderNo;
}
