/**
 * 金单 (SCF_API cert* in core/contract/izs-contract/scf.contract.ts): issue against a payable, split and transfer
 * (children keep issuer and maturity, Σ children = parent to the fen: core/scf/cert.ts), transfer, discount before
 * maturity (face × rate × days / 360: core/scf/interest.ts), settle at maturity. Each step writes a trail row; a
 * certificate is locked FOR UPDATE while it changes. Queries: certs-repository.ts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCF_API } from '../../../core/contract/izs-contract/scf.contract.ts';
import { goldCertResource } from '../../../core/contract/izs-contract/scf-resources.contract.ts';
import { checkSplit } from '../../../core/scf/cert.ts';
import { discount } from '../../../core/scf/interest.ts';
import type { Db } from '../../db/client.ts';
import { goldCert } from '../../db/schema/index.ts';
import { type CrudContext, type Resource, type Row, registerResource } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { certCash, isSupplier, issuerParty } from './cert-money.ts';
import {
  certEvent,
  family,
  fundProviderName,
  insertChildCert,
  insertIssuedCert,
  lockCert,
  markDiscounted,
  markSettled,
  markSplit,
  OUR_COMPANY,
  partyName,
  setHolder,
} from './certs-repository.ts';

const STATUS_TEXT: Record<string, string> = {
  split: '已拆分',
  discounted: '已贴现',
  settled: '已兑付',
  holding: '持有中',
};
const needHolding = (c: Row, verb: string) => {
  if (c.status !== 'holding') throw badRequest(`金单${STATUS_TEXT[String(c.status)] ?? c.status}，不能${verb}`);
};

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
  r.handle(SCF_API.certIssue, issueCert(db, tz));
  r.handle(SCF_API.certSplit, splitCert(db, res));
  r.handle(SCF_API.certTransfer, transferCert(db, res));
  r.handle(SCF_API.certDiscount, discountCert(db, res));
  r.handle(SCF_API.certSettle, settleCert(db, tz, res));
  r.handle(SCF_API.certFamily, certFamily(db, tz, res));
}

function issueCert(db: Db, tz: string): Handler<typeof SCF_API.certIssue> {
  return async ({ body, user }) => {
    if (body.maturityDate <= body.issueDate) throw badRequest('到期日必须晚于开单日');
    return db.transaction(async (tx) => {
      const holder = await partyName(tx, user.tenantId, body.holderPartyId);
      const certNo = await drawOrderNo(tx, 'goldCert', { tenantId: user.tenantId, tz });
      const row = await insertIssuedCert(tx, user, certNo, body);
      await certEvent(
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
  };
}

function splitCert(db: Db, res: Resource): Handler<typeof SCF_API.certSplit> {
  return async ({ body, user, req }) => {
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
        const child = await insertChildCert(tx, user, c, i, holderId, parts[i]);
        await certEvent(tx, user, child, to === from ? 'split' : 'transfer', from, to, parts[i], `拆自 ${c.certNo}`);
        out.push({ id: String(child.id), certNo: String(child.certNo), face: parts[i] });
      }
      await markSplit(tx, String(c.id));
      return out;
    });
  };
}

function transferCert(db: Db, res: Resource): Handler<typeof SCF_API.certTransfer> {
  return async ({ body, user, req }) => {
    await res.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      const c = await lockCert(tx, user.tenantId, body.id);
      needHolding(c, '转让');
      if (c.holderPartyId === body.holderPartyId) throw badRequest('接收方与当前持有人相同');
      const from = await partyName(tx, user.tenantId, c.holderPartyId as string | null);
      const to = await partyName(tx, user.tenantId, body.holderPartyId);
      await setHolder(tx, body.id, body.holderPartyId);
      await certEvent(tx, user, c, 'transfer', from, to, String(c.face));
      return { id: body.id, holderName: to };
    });
  };
}

function discountCert(db: Db, res: Resource): Handler<typeof SCF_API.certDiscount> {
  return async ({ body, user, req }) => {
    await res.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      const c = await lockCert(tx, user.tenantId, body.id);
      needHolding(c, '贴现');
      if (c.holderPartyId) throw badRequest('只能贴现本公司持有的金单');
      const p = await fundProviderName(tx, user, body.providerId);
      if (!p) throw badRequest('资金方不存在');
      if (body.discountDate < String(c.issueDate)) throw badRequest('贴现日不能早于开单日');
      let d: ReturnType<typeof discount>;
      try {
        d = discount(String(c.face), body.annualRate, body.discountDate, String(c.maturityDate));
      } catch (e) {
        throw badRequest((e as Error).message);
      }
      await markDiscounted(tx, body.id, {
        providerId: body.providerId,
        discountDate: body.discountDate,
        annualRate: body.annualRate,
        interest: d.interest,
      });
      await certEvent(
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
  };
}

function settleCert(db: Db, tz: string, res: Resource): Handler<typeof SCF_API.certSettle> {
  return async ({ body, user, req }) => {
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
      await markSettled(tx, body.id, body.settleDate);
      const holder = await partyName(tx, user.tenantId, c.holderPartyId as string | null);
      await certEvent(tx, user, c, 'settle', String(c.issuerName), holder, String(c.face));
      return { id: body.id, status: 'settled', collectionNo, paymentNo };
    });
  };
}

function certFamily(db: Db, tz: string, res: Resource): Handler<typeof SCF_API.certFamily> {
  return async ({ query, user, req }) => {
    await res.load(db, req, user, query.id);
    return family(db, tz, user.tenantId, query.id);
  };
}
