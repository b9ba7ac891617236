/**
 * 业务凭证 of the receivables area's money records (issue 11; descriptors BIZ_VOUCHER.moneyRecords / moneyGenerate):
 * 收款单, 付款单, 退款单 (izs_ar_cash) and 应收应付对冲 (izs_ar_transfer kind offset), through the template engine
 * with the money kinds (core/accounting money-voucher.ts); and (issue 21) supply-chain finance: a 融资合同's
 * drawdown (融资放款, the contract row, dated its 起息日, amount = principal) and each repayment (融资还款,
 * izs_finance_repayment, amount = principal, interest = the interest it paid), records of the contract's department
 * with the fund provider as 往来单位 (no party dimension) — both are always "reviewed" (izs-scf writes them final).
 *
 * Guarantees (as the stock documents' vouchers):
 * - one live voucher per record and book: the records are locked FOR UPDATE (id order), then a link
 *   (izs_fin_doc_voucher, purpose 'money') to a live voucher refuses the generation; deleting or reversing frees it;
 * - the record's own void is refused while such a voucher lives (izs-finance-ar cash.ts / transfer.ts);
 * - `saveVoucherTx` refuses a closed period; one request = one transaction;
 * - the party lines carry the party's item of the 客户 / 供应商 dimension, so the ledger's 应收账款 / 应付账款
 *   auxiliary balance per party follows the area's balance.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dec, findByName, formatVoucherNo, leafOf } from '../../../core/accounting/index.ts';
import { MONEY_KIND_NAMES, type MoneyRecord, moneyTemplateLines } from '../../../core/accounting/money-voucher.ts';
import { BIZ_VOUCHER, type MoneyRecordRow } from '../../../core/contract/izs-financing/business-voucher.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { type BookCtx, bookOf, loadBookChart } from './book.ts';
import { ensureDefaultTemplates, loadTemplate, partyItem, type TemplateRow } from './business-voucher-kit.ts';
import {
  endorsedCashIds,
  foreignMoneyRecord,
  linkMoneyVoucher,
  lockMoneyRecords,
  moneyRecordsByIds,
  moneyRecordsOfPeriod,
  moneyVouchersOf,
  type RecordRow,
  templateOf,
  templateSpec,
  vouchersByIds,
} from './money-voucher-repository.ts';
import { saveVoucherTx, voucherEntities } from './vouchers.ts';

export function registerMoneyVouchers(app: FastifyInstance, ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(BIZ_VOUCHER.moneyRecords, moneyRecords(ctx.db));
  r.handle(BIZ_VOUCHER.moneyGenerate, generateMoneyVouchers(ctx));
}

function moneyRecords(db: Db): Handler<typeof BIZ_VOUCHER.moneyRecords> {
  return async ({ query, req }) => {
    const list = await moneyRecordsOfPeriod(db, bookOf(req), query);
    return list.map(
      (x): MoneyRecordRow => ({
        id: x.id,
        source: x.source,
        kind: x.kind,
        kindName: MONEY_KIND_NAMES[x.kind],
        orderNo: x.orderNo,
        date: x.date,
        partyId: x.partyId,
        partyName: x.partyName ?? '',
        accountType: x.accountType,
        bankName: x.bankName ?? '',
        method: x.method,
        amount: moneyFixed(dec(x.amount)),
        fee: moneyFixed(dec(x.fee)),
        interest: moneyFixed(dec(x.interest)),
        voucherId: x.voucherId,
        voucherNo: x.voucherId && x.word ? formatVoucherNo(x.word, Number(x.no)) : '',
        voucherPeriod: x.vperiod ?? '',
      }),
    );
  };
}

function generateMoneyVouchers({ db, tz }: CrudContext): Handler<typeof BIZ_VOUCHER.moneyGenerate> {
  return async ({ body, req }) => {
    const c = bookOf(req);
    const ids = [...new Set(body.ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    const voucherIds = await db.transaction((tx) => generateInTx(tx, req, c, ids, body.templateId));
    const list = await vouchersByIds(db, voucherIds);
    return voucherEntities(db, c.book, list, tz);
  };
}

/** One transaction: lock the records, refuse foreign or already vouchered ones, then one voucher per record. */
async function generateInTx(
  tx: Tx,
  req: FastifyRequest,
  c: BookCtx,
  ids: string[],
  templateId: string | undefined,
): Promise<string[]> {
  await ensureDefaultTemplates(tx, c);
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await lockMoneyRecords(tx, c, ids, idList);
  const recs = await moneyRecordsByIds(tx, c.user.tenantId, idList);
  // payments that endorsed (背书转让) a held bill give away 应收票据, not a bill of their own (应付票据)
  const endorsed = await endorsedCashIds(tx, idList);
  if (recs.length !== ids.length) throw badRequest('收付款单据不存在');
  // a book vouchers its own company's money records only (as the documents: business-voucher-documents.ts)
  if (c.book.deptId) {
    const foreign = await foreignMoneyRecord(tx, c, idList);
    if (foreign)
      throw badRequest(`单据 ${foreign.orderNo} 不属于账套「${c.book.name}」所在的公司，不能在此账套生成凭证`);
  }
  const done = await moneyVouchersOf(tx, c.book.id, idList);
  if (done.length) {
    throw badRequest(
      `单据 ${done[0].orderNo} 已生成凭证 ${formatVoucherNo(done[0].word, Number(done[0].no))}，不能重复生成`,
    );
  }
  const chosen = templateId ? await loadTemplate(tx, c.book.id, templateId) : undefined;
  if (chosen && chosen.status !== 1) throw badRequest(`凭证模板「${chosen.name}」已停用`);
  const bc = await loadBookChart(tx, c.book);
  const out: string[] = [];
  for (const d of recs) out.push(await voucherOfRecord(tx, c, bc, d, chosen, endorsed.has(d.id)));
  await writeOperationLog(tx, req, '收付款单据生成凭证', {
    documents: [null, recs.map((d) => d.orderNo).join(',')],
  });
  return out;
}

/** A record's voucher through its template (the chosen one, else the kind's), linked to the record. */
async function voucherOfRecord(
  tx: Tx,
  c: BookCtx,
  bc: Awaited<ReturnType<typeof loadBookChart>>,
  d: RecordRow,
  chosen: TemplateRow | undefined,
  endorsed: boolean,
): Promise<string> {
  if (d.state !== 'reviewed') throw badRequest(`单据 ${d.orderNo} 不是已审核状态，不能生成凭证`);
  const tpl = chosen ?? (await templateOf(tx, c, d.kind));
  if (tpl.docType !== d.kind)
    throw badRequest(`凭证模板「${tpl.name}」不适用于${MONEY_KIND_NAMES[d.kind]}单据 ${d.orderNo}`);
  const rec: MoneyRecord = {
    kind: d.kind,
    orderNo: d.orderNo,
    date: d.date,
    partyName: d.partyName ?? '',
    amount: d.amount,
    fee: d.fee,
    interest: d.interest,
    accountType: d.accountType,
    bankName: d.bankName ?? '',
    method: d.method,
  };
  const { lines, problems } = moneyTemplateLines(await templateSpec(tx, tpl), rec, bc.chart);
  if (problems.length) throw badRequest(problems[0]);
  if (endorsed) {
    const given = leafOf(bc.chart, findByName(bc.chart, '应付票据')?.code);
    const held = leafOf(bc.chart, findByName(bc.chart, '应收票据')?.code);
    if (!held) throw badRequest('账套科目表中没有「应收票据」科目');
    for (const l of lines) if (l.code === given) l.code = held;
  }
  const aux: Partial<Record<'customer' | 'supplier', Record<string, string>>> = {};
  for (const l of lines) {
    if (!l.dimension || aux[l.dimension]) continue;
    if (!d.partyId) throw badRequest(`单据 ${d.orderNo} 没有往来单位，不能生成辅助核算`);
    aux[l.dimension] = await partyItem(tx, c, l.dimension, d.partyId, rec.partyName);
  }
  const voucherId = await saveVoucherTx(
    tx,
    c,
    {
      word: tpl.word,
      voucherDate: d.date,
      attachments: 1,
      remark: `${MONEY_KIND_NAMES[d.kind]} ${d.orderNo}`,
      lines: lines.map((l) => ({
        summary: l.summary,
        accountCode: l.code,
        aux: l.dimension ? aux[l.dimension] : undefined,
        debit: l.debit.isZero() ? undefined : moneyFixed(l.debit),
        credit: l.credit.isZero() ? undefined : moneyFixed(l.credit),
      })),
    },
    { kind: 'business' },
  );
  await linkMoneyVoucher(tx, c, d, voucherId, tpl.id);
  return voucherId;
}
