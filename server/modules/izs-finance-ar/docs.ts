/**
 * doc/page, doc/detail, doc/manual, doc/review, doc/void and open-docs (arap.contract.ts). Manual 应收单 / 应付单
 * (rent, scrap sold by the piece…) start as drafts and count once reviewed; documents written by stock reviews are
 * voided only through their source document.
 */
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { ARAP_ENDPOINTS as E } from '../../../core/contract/izs-finance-ar/arap.contract.ts';
import { ARAP_CODES } from '../../../core/contract/izs-finance-ar/fields.ts';
import { manualTax } from '../../../core/finance-ar/index.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Db } from '../../db/client.ts';
import { arCash, arDoc, relatedParty } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, scopeOf, tenantIs, tenantOnly } from '../../platform/scope.ts';
import { formatDate, formatDateTime } from '../../platform/time.ts';
import { refuseClosedPeriod, refuseClosedVoid } from '../izs-financing/business-period.ts';
import { cashEntity, docEntity, guard, settleLines } from './entities.ts';
import { createDoc, partyOf } from './service.ts';
import { refuseDocsVouchered } from './vouchered.ts';

const partyName = sql<string>`(select p.name from izs_related_party p where p.id = ${arDoc.partyId})`;

export async function loadDoc(db: Db, tenantId: string, id: string) {
  const [d] = await db
    .select({ doc: arDoc, partyName })
    .from(arDoc)
    .where(and(eq(arDoc.id, id), tenantIs(tenantId, arDoc)));
  if (!d) throw badRequest('单据不存在');
  return { ...d.doc, partyName: d.partyName };
}

export function registerDocs(app: Parameters<typeof endpoints>[0], ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(E.docPage, docPage(ctx));
  r.handle(E.docDetail, docDetail(ctx));
  r.handle(E.docManual, createManualDoc(ctx));
  r.handle(E.docReview, transition(ctx, 'reviewed'));
  r.handle(E.docVoid, transition(ctx, 'voided'));
  r.handle(E.openDocs, openDocs(ctx));
}

function docPage({ db, tz }: CrudContext): Handler<typeof E.docPage> {
  return async ({ query, user }) => {
    const code = ARAP_CODES.doc[query.side];
    await guard(db, user, code, 'view');
    const conds: (SQL | undefined)[] = [await scopeOf(db, user, arDoc, code), eq(arDoc.side, query.side)];
    if (query.partyId) conds.push(eq(arDoc.partyId, query.partyId));
    if (query.beginDate) conds.push(gte(arDoc.docDate, query.beginDate));
    if (query.endDate) conds.push(lte(arDoc.docDate, query.endDate));
    if (query.orderNo)
      conds.push(
        sql`(${arDoc.orderNo} like ${`%${query.orderNo}%`} or ${arDoc.sourceNo} like ${`%${query.orderNo}%`})`,
      );
    if (query.state) conds.push(eq(arDoc.state, query.state));
    if (query.settleState === 'open') conds.push(sql`${arDoc.settled} = 0 and ${arDoc.amount} > 0`);
    if (query.settleState === 'partial') conds.push(sql`${arDoc.settled} > 0 and ${arDoc.settled} < ${arDoc.amount}`);
    if (query.settleState === 'settled') conds.push(sql`${arDoc.settled} >= ${arDoc.amount}`);
    const where = and(...conds);
    const [{ n }] = await db.select({ n: count() }).from(arDoc).where(where);
    const list = await db
      .select({ doc: arDoc, partyName })
      .from(arDoc)
      .where(where)
      .orderBy(desc(arDoc.docDate), desc(arDoc.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    const t = formatDate(new Date(), tz);
    return {
      records: list.map((x) => docEntity({ ...x.doc, partyName: x.partyName }, t)),
      total: Number(n),
      current: query.current,
      size: query.size,
    };
  };
}

function docDetail({ db, tz }: CrudContext): Handler<typeof E.docDetail> {
  return async ({ query, user }) => {
    const d = await loadDoc(db, user.tenantId, query.id);
    await guard(db, user, ARAP_CODES.doc[d.side as 'ar' | 'ap'], 'view');
    return { ...docEntity(d, formatDate(new Date(), tz)), settles: await settleLines(db, user.tenantId, 'doc', d.id) };
  };
}

function createManualDoc({ db, tz }: CrudContext): Handler<typeof E.docManual> {
  return async ({ body, user, req }) => {
    await guard(db, user, ARAP_CODES.doc[body.side], 'add');
    const id = await db.transaction(async (tx) => {
      await refuseClosedPeriod(tx, {
        tenantId: user.tenantId,
        deptId: effectiveDept(user),
        date: body.docDate,
        action: `登记${body.side === 'ar' ? '应收单' : '应付单'}`,
      });
      await partyOf(tx, user.tenantId, body.partyId, body.side);
      const d = await createDoc(tx, {
        tenantId: user.tenantId,
        deptId: effectiveDept(user),
        userId: user.userId,
        side: body.side,
        partyId: body.partyId,
        sourceType: 'manual',
        docDate: body.docDate,
        amount: body.amount,
        ...manualTax(body.amount, body.taxRate),
        taxSource: 'manual',
        summary: body.summary,
        remark: body.remark,
        state: 'draft',
        tz,
      });
      await writeOperationLog(tx, req, `新增${body.side === 'ar' ? '应收单' : '应付单'}`, {
        orderNo: [null, d.orderNo],
      });
      return d.id;
    });
    return docEntity(await loadDoc(db, user.tenantId, id), formatDate(new Date(), tz));
  };
}

function openDocs({ db, tz }: CrudContext): Handler<typeof E.openDocs> {
  return async ({ query, user }) => {
    await guard(db, user, ARAP_CODES.cash[query.side], 'view');
    await partyOf(db, user.tenantId, query.partyId, query.side);
    const base = and(
      tenantOnly(user.tenantId, arDoc),
      eq(arDoc.side, query.side),
      eq(arDoc.partyId, query.partyId),
      eq(arDoc.state, 'reviewed'),
    );
    const docs = await db
      .select({ doc: arDoc, partyName })
      .from(arDoc)
      .where(and(base, sql`${arDoc.amount} > ${arDoc.settled}`))
      .orderBy(asc(arDoc.docDate), asc(arDoc.orderNo));
    const cash = await db
      .select({ c: arCash, partyName: relatedParty.name })
      .from(arCash)
      .leftJoin(relatedParty, eq(relatedParty.id, arCash.partyId))
      .where(
        and(
          tenantOnly(user.tenantId, arCash),
          eq(arCash.side, query.side),
          eq(arCash.partyId, query.partyId),
          eq(arCash.state, 'reviewed'),
          sql`${arCash.kind} <> 'refund' and ${arCash.amount} > ${arCash.applied}`,
        ),
      )
      .orderBy(asc(arCash.cashDate), asc(arCash.id));
    const t = formatDate(new Date(), tz);
    const unapplied = cash.reduce((s, c) => s.plus(c.c.amount).minus(c.c.applied), new Decimal(0));
    return {
      docs: docs.map((x) => docEntity({ ...x.doc, partyName: x.partyName }, t)),
      unapplied: moneyFixed(unapplied),
      cash: cash.map((x) => cashEntity({ ...x.c, partyName: x.partyName }, (d) => formatDateTime(d, tz))),
    };
  };
}

/** 审核 / 作废 of a manual 应收单 / 应付单 (one handler, by the state it goes to). */
const transition =
  ({ db, tz }: CrudContext, to: 'reviewed' | 'voided') =>
  async ({
    body,
    user,
    req,
  }: {
    body: { id: string; reason?: string };
    user: import('../../platform/auth.ts').AuthUser;
    req: import('fastify').FastifyRequest;
  }) => {
    const d0 = await loadDoc(db, user.tenantId, body.id);
    const title = d0.side === 'ar' ? '应收单' : '应付单';
    await guard(db, user, ARAP_CODES.doc[d0.side as 'ar' | 'ap'], to === 'reviewed' ? 'review' : 'void');
    await db.transaction(async (tx) => {
      const [d] = await tx.select().from(arDoc).where(eq(arDoc.id, body.id)).for('update');
      if (d.sourceType !== 'manual') throw badRequest(`${title}由源单生成，请作废源单 ${d.sourceNo}`);
      if (to === 'reviewed' && d.state !== 'draft')
        throw badRequest(`${title}${d.state === 'voided' ? '已作废' : '已审核'}，不能审核`);
      if (to === 'reviewed')
        await refuseClosedPeriod(tx, {
          tenantId: user.tenantId,
          deptId: d.deptId,
          date: d.docDate,
          action: `审核${title}`,
        });
      if (to === 'voided') {
        if (d.state === 'voided') throw badRequest(`${title}已作废`);
        if (!new Decimal(d.settled).isZero())
          throw badRequest(`${title} ${d.orderNo} 已核销 ${d.settled} 元，请先作废相关收付款单或对冲再作废`);
        if (d.state === 'reviewed') {
          await refuseDocsVouchered(tx, user.tenantId, [d]);
          await refuseClosedVoid(tx, {
            tenantId: user.tenantId,
            deptId: d.deptId,
            date: d.docDate,
            voidDate: formatDate(new Date(), tz),
            action: `作废${title}`,
          });
        }
      }
      const now = new Date();
      await tx
        .update(arDoc)
        .set(
          to === 'reviewed'
            ? { state: 'reviewed', reviewer: user.userId, reviewTime: now, updateTime: now }
            : {
                state: 'voided',
                voidUser: user.userId,
                voidTime: now,
                voidReason: body.reason ?? '',
                updateTime: now,
              },
        )
        .where(eq(arDoc.id, body.id));
      await writeOperationLog(tx, req, `${to === 'reviewed' ? '审核' : '作废'}${title}`, {
        state: [d.state, to],
        orderNo: [d.orderNo, d.orderNo],
      });
    });
    return docEntity(await loadDoc(db, user.tenantId, body.id), formatDate(new Date(), tz));
  };
