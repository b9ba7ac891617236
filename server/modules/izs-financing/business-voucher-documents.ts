/**
 * 业务凭证 from reviewed stock documents (descriptors BIZ_VOUCHER.documents / generate; DESIGN §5). Read through the
 * Drizzle schema only — modules do not import each other.
 *
 * Guarantees:
 * - every voucher goes through `saveVoucherTx` (validation, open period, numbering) in the generating transaction;
 * - a document gets at most one live voucher per book: its row is locked FOR UPDATE, then a link to a voucher that
 *   is neither deleted nor reversed refuses the generation; deleting or red-reversing the voucher frees it;
 * - the counterparty line carries the item of the book's 供应商 / 客户 dimension whose source is the document's
 *   party (partyItem syncs the dimension once when the party has no item);
 * - one request = one transaction: all the chosen documents get their vouchers, or none does.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  AR_DOC_KIND_NAMES,
  AR_DOC_KINDS,
  type ArDocKind,
  arDocKindOf,
  arDocTemplateLines,
  type BizDoc,
  type BizTemplate,
  DOC_TYPE_NAMES,
  isArDocKind,
  templateLines,
  templateRate,
} from '../../../core/accounting/business-voucher.ts';
import { dec, formatVoucherNo, lastDay } from '../../../core/accounting/index.ts';
import {
  type BizDocument,
  type documentsQuery,
  type generateBody,
  PARTY_SOURCE,
  STOCK_TEMPLATE_DOC_TYPES,
  type StockTemplateDocType,
} from '../../../core/contract/izs-financing/business.contract.ts';
import { BIZ_VOUCHER } from '../../../core/contract/izs-financing/business-voucher.contract.ts';
import { moneyFixed, priceFixed, weightFixed } from '../../../core/format/amounts.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { arDoc, docVoucher, relatedParty, stockOrder, voucher, voucherTemplateLine } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import { type BookCtx, bookOf, loadBookChart } from './book.ts';
import { inBookCompany } from './book-scope.ts';
import { activeTemplates } from './business-voucher-figures.ts';
import {
  type DocRow,
  docLines,
  ensureDefaultTemplates,
  loadTemplate,
  materialNames,
  partyItem,
  quantityIn,
  subAccountResolver,
  type TemplateRow,
} from './business-voucher-kit.ts';
import { saveVoucherTx, type VoucherFormValues, voucherEntities } from './vouchers.ts';

const DOC_TYPES: string[] = STOCK_TEMPLATE_DOC_TYPES.map((d) => d.value);
/** izs_ar_doc side + source_type → the template kind (core arDocKindOf), in SQL; '' = a stock document's */
const AR_KIND_SQL = sql`case when izs_ar_doc.source_type in ('drop_sale', 'drop_purchase') then izs_ar_doc.source_type
  when izs_ar_doc.source_type in ('lg_freight', 'freight') then 'freight'
  when izs_ar_doc.source_type = 'manual' then izs_ar_doc.side || '_manual' else '' end`;

type DocumentsQuery = z.output<typeof documentsQuery>;
type GenerateBody = z.output<typeof generateBody>;
type Linked = { voucherId: string | null; word: string | null; no: number | null; vperiod: string | null };

export function registerBusinessDocuments(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);
  r.handle(BIZ_VOUCHER.documents, ({ query, req }) => documentsOfPeriod(db, bookOf(req), query));
  r.handle(BIZ_VOUCHER.generate, async ({ body, req }) => {
    const c = bookOf(req);
    const ids = await db.transaction((tx) => generateVouchers(tx, c, body));
    const list = await db.select().from(voucher).where(inArray(voucher.id, ids)).orderBy(asc(voucher.id));
    return voucherEntities(db, c.book, list, tz);
  });
}

/** The voucher a document's live link names: its number and period ('' when it has none). */
const linkedVoucher = (r: Linked) => ({
  voucherId: r.voucherId,
  voucherNo: r.voucherId && r.word ? formatVoucherNo(r.word, Number(r.no)) : '',
  voucherPeriod: r.vperiod ?? '',
});

/** The reviewed stock documents and 应收单 / 应付单 of the period in the book's company, with their live voucher. */
async function documentsOfPeriod(db: Executor, c: BookCtx, q: DocumentsQuery): Promise<BizDocument[]> {
  const types = q.docType ? [q.docType].filter((t) => DOC_TYPES.includes(t)) : DOC_TYPES;
  const arKinds = q.docType ? [q.docType].filter(isArDocKind) : AR_DOC_KINDS;
  const stock: BizDocument[] = (await stockDocumentRows(db, c, q, types)).map((r) => ({
    id: r.id,
    orderNo: r.orderNo,
    docType: r.docType as StockTemplateDocType,
    docTypeName: DOC_TYPE_NAMES[r.docType as StockTemplateDocType] ?? r.docType,
    orderDate: r.orderDate,
    partyId: r.partyId,
    partyName: r.partyName ?? '',
    totalQty: weightFixed(dec(r.totalQty)),
    totalAmount: moneyFixed(dec(r.totalAmount)),
    totalCost: moneyFixed(dec(r.totalCost ?? 0)),
    ...linkedVoucher(r),
  }));
  const ar: BizDocument[] = (arKinds.length ? await arDocumentRows(db, c, q, arKinds) : []).map((r) => ({
    id: r.id,
    orderNo: r.orderNo,
    docType: r.docType,
    docTypeName: AR_DOC_KIND_NAMES[r.docType],
    orderDate: r.orderDate,
    partyId: r.partyId,
    partyName: r.partyName ?? '',
    totalQty: weightFixed(dec(0)),
    totalAmount: moneyFixed(dec(r.totalAmount)),
    totalCost: moneyFixed(dec(0)),
    ...linkedVoucher(r),
  }));
  return [...stock, ...ar].sort((a, b) => a.orderDate.localeCompare(b.orderDate) || a.orderNo.localeCompare(b.orderNo));
}

function stockDocumentRows(db: Executor, c: BookCtx, q: DocumentsQuery, types: string[]) {
  return rows<DocRow & Linked & { totalQty: string; totalAmount: string; totalCost: string | null }>(
    db,
    sql`select o.id::text as "id", o.order_no as "orderNo", o.doc_type as "docType", o.order_date as "orderDate",
          o.party_id::text as "partyId", p.name as "partyName", o.state, o.total_qty::text as "totalQty",
          o.total_amount::text as "totalAmount", o.total_cost::text as "totalCost",
          lv.voucher_id::text as "voucherId", lv.word, lv.no, lv.period as "vperiod"
        from ${stockOrder} o
        left join ${relatedParty} p on p.id = o.party_id
        left join lateral (
          select l.voucher_id, v.word, v.no, v.period from ${docVoucher} l join ${voucher} v on v.id = l.voucher_id
          where l.account_set_id = ${c.book.id} and l.order_id = o.id and l.purpose = 'doc' and v.is_deleted = 0
            and v.reversed_by_id is null
          order by l.id desc limit 1) lv on true
        where o.tenant_id = ${c.user.tenantId} and o.is_deleted = 0 and o.state = 'reviewed'
          and ${inBookCompany(c.book, sql`o.dept_id`)}
          and o.doc_type in (${sql.join(types.map((t) => sql`${t}`).concat(sql`''`), sql`, `)})
          and o.order_date >= ${`${q.period}-01`} and o.order_date <= ${lastDay(q.period)}
          ${q.state === 'open' ? sql`and lv.voucher_id is null` : q.state === 'done' ? sql`and lv.voucher_id is not null` : sql``}
        order by o.order_date, o.order_no
        limit 2000`,
  );
}

function arDocumentRows(db: Executor, c: BookCtx, q: DocumentsQuery, arKinds: ArDocKind[]) {
  return rows<
    Linked & {
      id: string;
      orderNo: string;
      docType: ArDocKind;
      orderDate: string;
      partyId: string;
      partyName: string | null;
      totalAmount: string;
    }
  >(
    db,
    sql`select * from (
          select izs_ar_doc.id::text as "id", izs_ar_doc.order_no as "orderNo", ${AR_KIND_SQL} as "docType", izs_ar_doc.doc_date as "orderDate",
            izs_ar_doc.party_id::text as "partyId", p.name as "partyName", izs_ar_doc.amount::text as "totalAmount",
            lv.voucher_id::text as "voucherId", lv.word, lv.no, lv.period as "vperiod"
          from ${arDoc}
          left join ${relatedParty} p on p.id = izs_ar_doc.party_id
          left join lateral (
            select l.voucher_id, v.word, v.no, v.period from ${docVoucher} l join ${voucher} v on v.id = l.voucher_id
            where l.account_set_id = ${c.book.id} and l.order_id = izs_ar_doc.id and l.purpose = 'doc' and v.is_deleted = 0
              and v.reversed_by_id is null
            order by l.id desc limit 1) lv on true
          where ${tenantIs(c.user.tenantId, arDoc)} and izs_ar_doc.state = 'reviewed'
            and ${inBookCompany(c.book, sql`izs_ar_doc.dept_id`)}
            and izs_ar_doc.doc_date >= ${`${q.period}-01`} and izs_ar_doc.doc_date <= ${lastDay(q.period)}
            ${q.state === 'open' ? sql`and lv.voucher_id is null` : q.state === 'done' ? sql`and lv.voucher_id is not null` : sql``}
        ) x where x."docType" in (${sql.join(
          arKinds.map((k) => sql`${k}`),
          sql`, `,
        )})
        order by x."orderDate", x."orderNo"
        limit 2000`,
  );
}

/**
 * The chosen documents, locked in id order (a concurrent generation of the same document waits and then sees the
 * link): stock documents and the 应收单 / 应付单 kinds (直发单, manual, freight) among the rest of the ids. Refused
 * when one is missing, belongs to another company than the book's, or already has a live voucher.
 */
async function lockDocuments(tx: Tx, c: BookCtx, orderIds: string[]) {
  const docs = await tx
    .select({
      id: stockOrder.id,
      orderNo: stockOrder.orderNo,
      docType: stockOrder.docType,
      orderDate: stockOrder.orderDate,
      partyId: stockOrder.partyId,
      state: stockOrder.state,
    })
    .from(stockOrder)
    .where(and(inArray(stockOrder.id, orderIds), tenantIs(c.user.tenantId, stockOrder)))
    .orderBy(asc(stockOrder.id))
    .for('update');
  const arDocs = await tx
    .select()
    .from(arDoc)
    .where(
      and(
        inArray(arDoc.id, orderIds.filter((i) => !docs.some((d) => d.id === i)).concat(['0'])),
        tenantIs(c.user.tenantId, arDoc),
      ),
    )
    .orderBy(asc(arDoc.id))
    .for('update');
  if (docs.length + arDocs.length !== orderIds.length) throw badRequest('单据不存在');
  // a book vouchers its own company's documents only
  const [foreign] = await rows<{ orderNo: string }>(
    tx,
    sql`select x."orderNo" from (
          select o.order_no as "orderNo", o.dept_id from ${stockOrder} o where o.id in (${sql.join(
            orderIds.map((i) => sql`${i}`),
            sql`, `,
          )})
          union all
          select d.order_no, d.dept_id from ${arDoc} d where d.id in (${sql.join(
            orderIds.map((i) => sql`${i}`),
            sql`, `,
          )})) x
        where not (${inBookCompany(c.book, sql`x.dept_id`)}) or x.dept_id is null
        limit 1`,
  );
  if (foreign && c.book.deptId)
    throw badRequest(`单据 ${foreign.orderNo} 不属于账套「${c.book.name}」所在的公司，不能在此账套生成凭证`);
  const done = await rows<{ orderNo: string; word: string; no: number }>(
    tx,
    sql`select l.order_no as "orderNo", v.word, v.no from ${docVoucher} l join ${voucher} v on v.id = l.voucher_id
        where l.account_set_id = ${c.book.id} and l.purpose = 'doc' and v.is_deleted = 0 and v.reversed_by_id is null
          and l.order_id in (${sql.join(
            orderIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
  );
  if (done.length) {
    throw badRequest(
      `单据 ${done[0].orderNo} 已生成凭证 ${formatVoucherNo(done[0].word, Number(done[0].no))}，不能重复生成`,
    );
  }
  return { docs, arDocs };
}

type StockDoc = Awaited<ReturnType<typeof lockDocuments>>['docs'][number];
type ArDocRow = Awaited<ReturnType<typeof lockDocuments>>['arDocs'][number];
type TemplateLineRow = typeof voucherTemplateLine.$inferSelect;

/** What the vouchers of one request share: the templates and their lines, the parties, the stock lines, the chart. */
interface Generation {
  c: BookCtx;
  /** a template chosen by the user (else each document's active template) */
  chosen: boolean;
  templates: TemplateRow[];
  tplLines: TemplateLineRow[];
  partyNames: Map<string, string>;
  allLines: Awaited<ReturnType<typeof docLines>>;
  bc: Awaited<ReturnType<typeof loadBookChart>>;
  resolve: ReturnType<typeof subAccountResolver>;
}

/** One request = one transaction: every chosen document gets its voucher and its link, or none does. */
async function generateVouchers(tx: Tx, c: BookCtx, body: GenerateBody): Promise<string[]> {
  await ensureDefaultTemplates(tx, c);
  const { docs, arDocs } = await lockDocuments(tx, c, [...new Set(body.orderIds)]);
  const parties = await tx
    .select({ id: relatedParty.id, name: relatedParty.name })
    .from(relatedParty)
    .where(
      inArray(
        relatedParty.id,
        docs
          .map((d) => d.partyId)
          .concat(arDocs.map((d) => d.partyId))
          .filter((x): x is string => !!x)
          .concat(['0']),
      ),
    );
  const allLines = await docLines(
    tx,
    docs.map((d) => d.id),
  );
  const bc = await loadBookChart(tx, c.book);
  // a chosen template, else the same order the 应收单 / 应付单 figures use (business-voucher-figures.ts)
  const templates = body.templateId
    ? [await loadTemplate(tx, c.book.id, body.templateId)]
    : await activeTemplates(tx, c.book.id);
  const g: Generation = {
    c,
    chosen: !!body.templateId,
    templates,
    tplLines: await tx
      .select()
      .from(voucherTemplateLine)
      .where(inArray(voucherTemplateLine.templateId, templates.map((t) => t.id).concat(['0'])))
      .orderBy(asc(voucherTemplateLine.lineNo)),
    partyNames: new Map(parties.map((p) => [p.id, p.name])),
    allLines,
    bc,
    resolve: subAccountResolver(
      bc,
      await materialNames(
        tx,
        c.user.tenantId,
        allLines.map((l) => l.materialId),
      ),
    ),
  };
  const out: string[] = [];
  for (const d of docs) out.push(await voucherOfStockDocument(tx, g, d));
  for (const d of arDocs) out.push(await voucherOfArDocument(tx, g, d));
  await writeOperationLog(tx, c.req, '业务单据生成凭证', {
    documents: [
      null,
      docs
        .map((d) => d.orderNo)
        .concat(arDocs.map((d) => d.orderNo))
        .join(','),
    ],
  });
  return out;
}

/** The active (or chosen) template of a document kind, refused when there is none or the chosen one is off. */
function templateFor(g: Generation, kind: string, kindName: string): TemplateRow {
  const tpl = g.templates.find((t) => t.docType === kind);
  if (!tpl) throw badRequest(`没有适用于「${kindName}」的启用凭证模板`);
  if (g.chosen && tpl.status !== 1) throw badRequest(`凭证模板「${tpl.name}」已停用`);
  return tpl;
}

/** A template's lines as core's template functions read them. */
const specLines = (g: Generation, tpl: TemplateRow): BizTemplate['lines'] =>
  g.tplLines
    .filter((l) => l.templateId === tpl.id)
    .map((l) => ({
      summary: l.summary,
      accountCode: l.accountCode,
      side: l.side as 'debit' | 'credit',
      amountSource: l.amountSource as 'gross',
      auxSource: l.auxSource as 'none' | 'party',
      perMaterial: l.perMaterial,
    }));

/** A template as core's template functions read it, for one document kind. */
const specOf = <K extends string>(g: Generation, tpl: TemplateRow, docType: K) => ({
  name: tpl.name,
  docType,
  summary: tpl.summary,
  taxRate: tpl.taxRate,
  amountIncludesTax: tpl.amountIncludesTax,
  lines: specLines(g, tpl),
});

/**
 * The document's business voucher (the template's word, one attachment) and its live link to it: one per book;
 * deleting or red-reversing the voucher frees it.
 */
async function saveLinkedVoucher(
  tx: Tx,
  c: BookCtx,
  d: { id: string; orderNo: string },
  docType: string,
  tpl: TemplateRow,
  voucher: { voucherDate: string; remark: string; lines: VoucherFormValues['lines'] },
): Promise<string> {
  const voucherId = await saveVoucherTx(
    tx,
    c,
    { word: tpl.word, voucherDate: voucher.voucherDate, attachments: 1, remark: voucher.remark, lines: voucher.lines },
    { kind: 'business' },
  );
  await tx.insert(docVoucher).values({
    tenantId: c.user.tenantId,
    accountSetId: c.book.id,
    orderId: d.id,
    orderNo: d.orderNo,
    docType,
    purpose: 'doc',
    voucherId,
    templateId: tpl.id,
    createUser: c.user.userId,
  });
  return voucherId;
}

async function voucherOfStockDocument(tx: Tx, g: Generation, d: StockDoc): Promise<string> {
  const { c, bc } = g;
  if (d.state !== 'reviewed') throw badRequest(`单据 ${d.orderNo} 尚未审核，不能生成凭证`);
  if (!DOC_TYPES.includes(d.docType)) throw badRequest(`单据 ${d.orderNo} 的类型不能按模板生成凭证`);
  const docType = d.docType as StockTemplateDocType;
  const tpl = templateFor(g, docType, DOC_TYPE_NAMES[docType]);
  const doc: BizDoc = {
    orderNo: d.orderNo,
    docType,
    date: d.orderDate,
    partyName: (d.partyId && g.partyNames.get(d.partyId)) || '',
    lines: g.allLines
      .filter((l) => l.orderId === d.id)
      .map((l) => ({
        materialId: l.materialId,
        materialName: l.materialName ?? '',
        qty: l.qty,
        amount: l.amount,
        net: l.net,
        tax: l.tax,
        cost: l.cost,
        direction: l.direction,
      })),
  };
  let rate: ReturnType<typeof dec>;
  try {
    rate = templateRate(tpl.taxRate, c.book.taxNature, d.orderDate);
  } catch (e) {
    throw badRequest(`单据 ${d.orderNo}：${(e as Error).message}`);
  }
  const { lines, problems } = templateLines(specOf(g, tpl, docType), doc, rate, g.resolve);
  if (problems.length) throw badRequest(problems[0]);
  let partyAux: Record<string, string> | undefined;
  if (lines.some((l) => l.party)) {
    if (!d.partyId) throw badRequest(`单据 ${d.orderNo} 没有往来单位，不能按模板「${tpl.name}」生成辅助核算`);
    partyAux = await partyItem(tx, c, PARTY_SOURCE[docType], d.partyId, doc.partyName);
  }
  return saveLinkedVoucher(tx, c, d, d.docType, tpl, {
    voucherDate: d.orderDate,
    remark: `${DOC_TYPE_NAMES[docType]} ${d.orderNo}`,
    lines: lines.map((l) => {
      const row = bc.rows.get(l.code);
      const amount = l.debit.isZero() ? l.credit : l.debit;
      const qty = row?.quantity === 1 && l.qtyKg.gt(0) ? quantityIn(row.unit, l.qtyKg) : undefined;
      return {
        summary: l.summary,
        accountCode: l.code,
        aux: l.party ? partyAux : undefined,
        debit: l.debit.isZero() ? undefined : moneyFixed(l.debit),
        credit: l.credit.isZero() ? undefined : moneyFixed(l.credit),
        quantity: qty,
        unitPrice: qty && !dec(qty).isZero() ? priceFixed(amount.div(dec(qty)).toDecimalPlaces(6), 6) : undefined,
      };
    }),
  });
}

async function voucherOfArDocument(tx: Tx, g: Generation, d: ArDocRow): Promise<string> {
  const { c } = g;
  const kind = arDocKindOf(d.side, d.sourceType);
  if (d.state !== 'reviewed') throw badRequest(`单据 ${d.orderNo} 尚未审核，不能生成凭证`);
  if (!kind) throw badRequest(`单据 ${d.orderNo} 由源单 ${d.sourceNo} 生成，请对源单生成凭证`);
  const tpl = templateFor(g, kind, AR_DOC_KIND_NAMES[kind]);
  const partyName = g.partyNames.get(d.partyId) ?? '';
  const { lines, problems } = arDocTemplateLines(specOf(g, tpl, kind), {
    orderNo: d.orderNo,
    kind,
    date: d.docDate,
    partyName,
    gross: d.amount,
    net: d.net,
    tax: d.tax,
  });
  if (problems.length) throw badRequest(problems[0]);
  const partyAux = lines.some((l) => l.party)
    ? await partyItem(tx, c, PARTY_SOURCE[kind], d.partyId, partyName)
    : undefined;
  return saveLinkedVoucher(tx, c, d, kind, tpl, {
    voucherDate: d.docDate,
    remark: `${AR_DOC_KIND_NAMES[kind]} ${d.orderNo}`,
    lines: lines.map((l) => ({
      summary: l.summary,
      accountCode: l.code,
      aux: l.party ? partyAux : undefined,
      debit: l.debit.isZero() ? undefined : moneyFixed(l.debit),
      credit: l.credit.isZero() ? undefined : moneyFixed(l.credit),
    })),
  });
}
