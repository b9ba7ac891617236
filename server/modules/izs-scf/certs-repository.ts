/**
 * The 金单 rows (izs_gold_cert) and their trail (izs_gold_cert_event): lock one, write an issued or split-off
 * certificate, mark a step, read the family. Used by the certificate routes (certs.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CertFamily } from '../../../core/contract/izs-contract/scf.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { childNo } from '../../../core/scf/cert.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { fundProvider, goldCert, goldCertEvent, relatedParty } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantIs, tenantOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { asDate } from '../izs-contract/trading-detail.ts';

export const OUR_COMPANY = '本公司';

/** The name of a party (本公司 when none); refused when it is not the tenant's. */
export async function partyName(ex: Executor, tenantId: string, id: string | null | undefined): Promise<string> {
  if (!id) return OUR_COMPANY;
  const [p] = await ex
    .select({ name: relatedParty.name })
    .from(relatedParty)
    .where(and(eq(relatedParty.id, id), tenantIs(tenantId, relatedParty)));
  if (!p) throw badRequest('接收方不存在');
  return p.name;
}

/** A certificate locked FOR UPDATE while it changes; refused when it is not the tenant's. */
export async function lockCert(tx: Tx, tenantId: string, id: string): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(goldCert)
    .where(and(eq(goldCert.id, id), tenantIs(tenantId, goldCert)))
    .for('update')) as Row[];
  if (!row) throw badRequest('金单不存在');
  return row;
}

/** One row of the certificate's trail. */
export async function certEvent(
  tx: Tx,
  user: AuthUser,
  c: Row,
  action: string,
  from: string,
  to: string,
  amount: string,
  note = '',
) {
  await tx.insert(goldCertEvent).values({
    tenantId: user.tenantId,
    certId: String(c.id),
    rootId: String(c.rootId ?? c.id),
    action,
    fromParty: from,
    toParty: to,
    amount,
    note,
    userId: user.userId,
  });
}

/** The split tree of a certificate's root and the trail of every holder. */
export async function family(ex: Executor, tz: string, tenantId: string, id: string): Promise<CertFamily> {
  const [one] = await ex
    .select({ rootId: goldCert.rootId })
    .from(goldCert)
    .where(and(eq(goldCert.id, id), tenantIs(tenantId, goldCert)));
  if (!one) throw badRequest('金单不存在');
  const root = one.rootId ?? id;
  const certs = await rows<Record<string, string | null>>(
    ex,
    sql`select c.id::text as id, c.cert_no, c.parent_id::text as parent_id, c.issuer_name,
               coalesce(p.name, ${OUR_COMPANY}) as holder_name, c.face::text as face, c.issue_date, c.maturity_date,
               c.cert_status, c.payable_ref, c.discount_date, coalesce(c.discount_rate::text, '') as discount_rate,
               c.discount_interest::text as discount_interest, c.settle_date
          from izs_gold_cert c left join izs_related_party p on p.id = c.holder_party_id
         where c.tenant_id = ${tenantId} and c.root_id = ${root} and c.is_deleted = 0
         order by length(c.cert_no), c.cert_no`,
  );
  const events = await rows<Record<string, string | Date>>(
    ex,
    sql`select (select cert_no from izs_gold_cert g where g.id = e.cert_id) as cert_no, e.action, e.from_party,
               e.to_party, e.amount::text as amount, e.note,
               coalesce((select real_name from blade_user u where u.id = e.user_id), '') as user_name, e.create_time
          from izs_gold_cert_event e where e.tenant_id = ${tenantId} and e.root_id = ${root} order by e.id`,
  );
  const out = certs.map((c) => ({
    id: String(c.id),
    certNo: String(c.cert_no),
    parentId: c.parent_id,
    issuerName: String(c.issuer_name),
    holderName: String(c.holder_name),
    face: moneyFixed(String(c.face)),
    issueDate: String(c.issue_date),
    maturityDate: String(c.maturity_date),
    status: String(c.cert_status),
    payableRef: String(c.payable_ref),
    discountDate: String(c.discount_date),
    discountRate: c.discount_rate ? String(Number(c.discount_rate)) : '',
    discountInterest: c.discount_interest === null ? null : moneyFixed(String(c.discount_interest)),
    settleDate: String(c.settle_date),
  }));
  const rootCert = out.find((c) => c.id === root);
  if (!rootCert) throw badRequest('金单不存在');
  return {
    root: rootCert,
    certs: out,
    events: events.map((e) => ({
      certNo: String(e.cert_no),
      action: String(e.action),
      fromParty: String(e.from_party),
      toParty: String(e.to_party),
      amount: moneyFixed(String(e.amount)),
      note: String(e.note),
      userName: String(e.user_name),
      time: formatDateTime(asDate(e.create_time), tz),
    })),
  };
}

/** A new certificate issued by `issuerName` (holding), its own root. */
export async function insertIssuedCert(
  tx: Tx,
  user: AuthUser,
  certNo: string,
  body: {
    issuerName: string;
    holderPartyId?: string | null;
    face: string;
    issueDate: string;
    maturityDate: string;
    payableRef: string;
  },
): Promise<Row> {
  const [row] = (await tx
    .insert(goldCert)
    .values({
      tenantId: user.tenantId,
      deptId: effectiveDept(user),
      createUser: user.userId,
      createDept: effectiveDept(user),
      certNo,
      issuerName: body.issuerName,
      holderPartyId: body.holderPartyId ?? null,
      face: moneyFixed(body.face),
      issueDate: body.issueDate,
      maturityDate: body.maturityDate,
      status: 'holding',
      payableRef: body.payableRef,
    })
    .returning()) as Row[];
  await tx
    .update(goldCert)
    .set({ rootId: String(row.id) })
    .where(eq(goldCert.id, String(row.id)));
  return row;
}

/** The `i`-th certificate split off `c` (keeps issuer, maturity and payable). */
export async function insertChildCert(
  tx: Tx,
  user: AuthUser,
  c: Row,
  i: number,
  holderId: string | null,
  face: string,
): Promise<Row> {
  const [child] = (await tx
    .insert(goldCert)
    .values({
      tenantId: user.tenantId,
      deptId: c.deptId as string | null,
      createUser: user.userId,
      createDept: effectiveDept(user),
      certNo: childNo(String(c.certNo), i),
      parentId: String(c.id),
      rootId: String(c.rootId ?? c.id),
      issuerName: String(c.issuerName),
      holderPartyId: holderId,
      face,
      issueDate: String(c.issueDate),
      maturityDate: String(c.maturityDate),
      status: 'holding',
      payableRef: String(c.payableRef),
    })
    .returning()) as Row[];
  return child;
}

export async function markSplit(tx: Tx, id: string) {
  await tx.update(goldCert).set({ status: 'split', updateTime: new Date() }).where(eq(goldCert.id, id));
}

export async function setHolder(tx: Tx, id: string, holderPartyId: string) {
  await tx.update(goldCert).set({ holderPartyId, updateTime: new Date() }).where(eq(goldCert.id, id));
}

/** The 资金方 of a discount (undefined when it is not the tenant's). */
export async function fundProviderName(tx: Tx, user: AuthUser, providerId: string) {
  const [p] = await tx
    .select({ name: fundProvider.name })
    .from(fundProvider)
    .where(and(eq(fundProvider.id, providerId), tenantOf(user, fundProvider)));
  return p;
}

export async function markDiscounted(
  tx: Tx,
  id: string,
  v: { providerId: string; discountDate: string; annualRate: string; interest: string },
) {
  await tx
    .update(goldCert)
    .set({
      status: 'discounted',
      discountProviderId: v.providerId,
      discountDate: v.discountDate,
      discountRate: v.annualRate,
      discountInterest: v.interest,
      updateTime: new Date(),
    })
    .where(eq(goldCert.id, id));
}

export async function markSettled(tx: Tx, id: string, settleDate: string) {
  await tx.update(goldCert).set({ status: 'settled', settleDate, updateTime: new Date() }).where(eq(goldCert.id, id));
}
