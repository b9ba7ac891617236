/**
 * 金单 (SCF_API cert* in core/contract/izs-contract/scf.contract.ts): issue against a payable, split and transfer
 * (children keep issuer and maturity, Σ children = parent to the fen: core/scf/cert.ts), transfer, discount before
 * maturity (face × rate × days / 360: core/scf/interest.ts), settle at maturity. Each step writes a trail row; a
 * certificate is locked FOR UPDATE while it changes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type CertFamily, SCF_API } from '../../../core/contract/izs-contract/scf.contract.ts';
import { goldCertResource } from '../../../core/contract/izs-contract/scf-resources.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { checkSplit, childNo } from '../../../core/scf/cert.ts';
import { discount } from '../../../core/scf/interest.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { fundProvider, goldCert, goldCertEvent, relatedParty } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type CrudContext, type Row, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantIs, tenantOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { asDate } from '../izs-contract/trading-detail.ts';
import { certCash, isSupplier, issuerParty } from './cert-money.ts';

export const OUR_COMPANY = '本公司';

async function partyName(ex: Executor, tenantId: string, id: string | null | undefined): Promise<string> {
  if (!id) return OUR_COMPANY;
  const [p] = await ex
    .select({ name: relatedParty.name })
    .from(relatedParty)
    .where(and(eq(relatedParty.id, id), tenantIs(tenantId, relatedParty)));
  if (!p) throw badRequest('接收方不存在');
  return p.name;
}

async function lockCert(tx: Tx, tenantId: string, id: string): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(goldCert)
    .where(and(eq(goldCert.id, id), tenantIs(tenantId, goldCert)))
    .for('update')) as Row[];
  if (!row) throw badRequest('金单不存在');
  return row;
}

const STATUS_TEXT: Record<string, string> = {
  split: '已拆分',
  discounted: '已贴现',
  settled: '已兑付',
  holding: '持有中',
};
const needHolding = (c: Row, verb: string) => {
  if (c.status !== 'holding') throw badRequest(`金单${STATUS_TEXT[String(c.status)] ?? c.status}，不能${verb}`);
};

async function event(
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

async function family(ex: Executor, tz: string, tenantId: string, id: string): Promise<CertFamily> {
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

export function registerCerts(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const res = registerResource(app, ctx, goldCertResource, goldCert, {
    joins: {
      holderName: sql<string>`coalesce((select p.name from izs_related_party p where p.id = ${goldCert.holderPartyId}), ${OUR_COMPANY})`,
    },
    filters: { rootOnly: (v) => (String(v) === '1' ? sql`${goldCert.parentId} is null` : undefined) },
    routes: { submit: false, save: false, update: false, remove: false, import: false, importTemplate: false },
  });
  const r = endpoints(app, db);

  r.handle(SCF_API.certIssue, async ({ body, user }) => {
    if (body.maturityDate <= body.issueDate) throw badRequest('到期日必须晚于开单日');
    return db.transaction(async (tx) => {
      const holder = await partyName(tx, user.tenantId, body.holderPartyId);
      const certNo = await drawOrderNo(tx, 'goldCert', { tenantId: user.tenantId, tz });
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
      await event(
        tx,
        user,
        { ...row, rootId: row.id },
        'issue',
        body.issuerName,
        holder,
        String(row.face),
        body.payableRef,
      );
      return { id: String(row.id), certNo };
    });
  });

  r.handle(SCF_API.certSplit, async ({ body, user, req }) => {
    await res.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      const c = await lockCert(tx, user.tenantId, body.id);
      needHolding(c, '拆分');
      let parts: string[];
      try {
        parts = checkSplit(
          String(c.face),
          body.parts.map((p) => p.amount),
        );
      } catch (e) {
        throw badRequest((e as Error).message);
      }
      const from = await partyName(tx, user.tenantId, c.holderPartyId as string | null);
      const out = [];
      for (let i = 0; i < parts.length; i++) {
        const holderId = body.parts[i].holderPartyId ?? (c.holderPartyId as string | null);
        const to = await partyName(tx, user.tenantId, holderId);
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
            face: parts[i],
            issueDate: String(c.issueDate),
            maturityDate: String(c.maturityDate),
            status: 'holding',
            payableRef: String(c.payableRef),
          })
          .returning()) as Row[];
        await event(tx, user, child, to === from ? 'split' : 'transfer', from, to, parts[i], `拆自 ${c.certNo}`);
        out.push({ id: String(child.id), certNo: String(child.certNo), face: parts[i] });
      }
      await tx
        .update(goldCert)
        .set({ status: 'split', updateTime: new Date() })
        .where(eq(goldCert.id, String(c.id)));
      return out;
    });
  });

  r.handle(SCF_API.certTransfer, async ({ body, user, req }) => {
    await res.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      const c = await lockCert(tx, user.tenantId, body.id);
      needHolding(c, '转让');
      if (c.holderPartyId === body.holderPartyId) throw badRequest('接收方与当前持有人相同');
      const from = await partyName(tx, user.tenantId, c.holderPartyId as string | null);
      const to = await partyName(tx, user.tenantId, body.holderPartyId);
      await tx
        .update(goldCert)
        .set({ holderPartyId: body.holderPartyId, updateTime: new Date() })
        .where(eq(goldCert.id, body.id));
      await event(tx, user, c, 'transfer', from, to, String(c.face));
      return { id: body.id, holderName: to };
    });
  });

  r.handle(SCF_API.certDiscount, async ({ body, user, req }) => {
    await res.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      const c = await lockCert(tx, user.tenantId, body.id);
      needHolding(c, '贴现');
      if (c.holderPartyId) throw badRequest('只能贴现本公司持有的金单');
      const [p] = await tx
        .select({ name: fundProvider.name })
        .from(fundProvider)
        .where(and(eq(fundProvider.id, body.providerId), tenantOf(user, fundProvider)));
      if (!p) throw badRequest('资金方不存在');
      if (body.discountDate < String(c.issueDate)) throw badRequest('贴现日不能早于开单日');
      let d: ReturnType<typeof discount>;
      try {
        d = discount(String(c.face), body.annualRate, body.discountDate, String(c.maturityDate));
      } catch (e) {
        throw badRequest((e as Error).message);
      }
      await tx
        .update(goldCert)
        .set({
          status: 'discounted',
          discountProviderId: body.providerId,
          discountDate: body.discountDate,
          discountRate: body.annualRate,
          discountInterest: d.interest,
          updateTime: new Date(),
        })
        .where(eq(goldCert.id, body.id));
      await event(
        tx,
        user,
        c,
        'discount',
        OUR_COMPANY,
        p.name,
        String(c.face),
        `${d.days} 天，利息 ${d.interest} 元，实收 ${d.net} 元`,
      );
      return d;
    });
  });

  r.handle(SCF_API.certSettle, async ({ body, user, req }) => {
    await res.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      const c = await lockCert(tx, user.tenantId, body.id);
      if (c.status !== 'holding' && c.status !== 'discounted') {
        throw badRequest(`金单${STATUS_TEXT[String(c.status)] ?? c.status}，不能兑付`);
      }
      if (body.settleDate < String(c.maturityDate)) throw badRequest(`金单 ${c.maturityDate} 到期，未到期不能兑付`);
      const issuer = await issuerParty(tx, user.tenantId, String(c.issuerName));
      if (!issuer) throw badRequest(`出票方 ${c.issuerName} 不是往来单位中的客户，无法登记收款`);
      const certNo = String(c.certNo);
      const collectionNo = await certCash(tx, user, tz, {
        side: 'ar',
        partyId: issuer,
        amount: String(c.face),
        fee: c.status === 'discounted' ? String(c.discountInterest ?? '0') : '0',
        date: body.settleDate,
        certNo,
      });
      const holderId = c.status === 'holding' ? (c.holderPartyId as string | null) : null;
      const paymentNo =
        holderId && (await isSupplier(tx, user.tenantId, holderId))
          ? await certCash(tx, user, tz, {
              side: 'ap',
              partyId: holderId,
              amount: String(c.face),
              fee: '0',
              date: body.settleDate,
              certNo,
            })
          : null;
      await tx
        .update(goldCert)
        .set({ status: 'settled', settleDate: body.settleDate, updateTime: new Date() })
        .where(eq(goldCert.id, body.id));
      const holder = await partyName(tx, user.tenantId, c.holderPartyId as string | null);
      await event(tx, user, c, 'settle', String(c.issuerName), holder, String(c.face));
      return { id: body.id, status: 'settled', collectionNo, paymentNo };
    });
  });

  r.handle(SCF_API.certFamily, async ({ query, user, req }) => {
    await res.load(db, req, user, query.id);
    return family(db, tz, user.tenantId, query.id);
  });
}
