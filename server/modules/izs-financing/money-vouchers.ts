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
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dec, findByName, formatVoucherNo, lastDay, leafOf } from '../../../core/accounting/index.ts';
import {
  MONEY_KIND_NAMES,
  type MoneyKind,
  type MoneyRecord,
  type MoneyTemplate,
  moneyTemplateLines,
} from '../../../core/accounting/money-voucher.ts';
import { BIZ_VOUCHER, type MoneyRecordRow } from '../../../core/contract/izs-financing/business-voucher.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { rows, type Tx } from '../../db/client.ts';
import {
  docVoucher,
  financeContract,
  financeRepayment,
  voucher,
  voucherTemplate,
  voucherTemplateLine,
} from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs, tenantOnly } from '../../platform/scope.ts';
import { type BookCtx, bookOf, loadBookChart } from './book.ts';
import { inBookCompany } from './book-scope.ts';
import { ensureDefaultTemplates, loadTemplate, partyItem, type TemplateRow } from './business-voucher-kit.ts';
import { saveVoucherTx, voucherEntities } from './vouchers.ts';

interface RecordRow {
  id: string;
  source: 'cash' | 'transfer' | 'finance';
  kind: MoneyKind;
  orderNo: string;
  date: string;
  partyId: string | null;
  partyName: string | null;
  accountType: string;
  bankName: string | null;
  method: string;
  amount: string;
  fee: string;
  /** a financing repayment's interest ('0' elsewhere) */
  interest: string;
  state: string;
  /** the record's department: a book lists and vouchers its own company's records only (book-scope.ts) */
  deptId: string | null;
}

/**
 * A repayment's number: its contract's, then 「-还」 and its place among the contract's repayments (date, id) —
 * 融资还款 RZ2026…-还2. A repayment is never removed, so the number stays.
 */
export const FINANCE_REPAY_NO = sql`${financeContract.contractNo} || '-还' || (select count(*) from izs_finance_repayment y
  where y.contract_id = fr.contract_id and (y.repay_date, y.id) <= (fr.repay_date, fr.id))::text`;

/**
 * The money records of a 融资合同 (lateral to izs_finance_contract, unaliased): its drawdown (the contract itself, dated its 起息日) and each of its
 * repayments — a repayment belongs to its contract's tenant and department.
 */
export const FINANCE_RECORDS = sql`
  select 'finance_draw' as kind, ${financeContract.id} as id, ${financeContract.contractNo} as no,
         ${financeContract.startDate} as date, ${financeContract.principal} as amount, 0::numeric as interest
  union all
  select 'finance_repay', fr.id, ${FINANCE_REPAY_NO}, fr.repay_date, fr.principal, fr.interest
    from izs_finance_repayment fr where fr.contract_id = ${financeContract.id}`;

/** Money records of the tenant (reviewed, or all states when `anyState`) as one row shape. */
const RECORDS = (tenantId: string) => sql`
  select c.id::text as id, 'cash' as source,
         case when c.kind = 'refund' then 'refund_' || c.side else c.kind end as kind,
         c.order_no as "orderNo", c.cash_date as date, c.party_id::text as "partyId", p.name as "partyName",
         c.account_type as "accountType", b.bank_name as "bankName", c.method, c.amount::text as amount,
         c.fee::text as fee, '0' as interest, c.state, c.dept_id::text as "deptId"
    from izs_ar_cash c
    left join izs_related_party p on p.id = c.party_id
    left join izs_bank b on b.id = c.bank_id
   where c.tenant_id = ${tenantId} and c.is_deleted = 0
  union all
  select t.id::text, 'transfer', 'offset', t.order_no, t.transfer_date, t.party_id::text, p.name, '', null, '',
         t.amount::text, '0', '0', t.state, t.dept_id::text
    from izs_ar_transfer t
    left join izs_related_party p on p.id = t.party_id
   where t.tenant_id = ${tenantId} and t.is_deleted = 0 and t.kind = 'offset'
  union all
  select x.id::text, 'finance', x.kind, x.no, x.date, null, fp.name, 'bank', fp.name, 'transfer', x.amount::text, '0',
         x.interest::text, 'reviewed', ${financeContract.deptId}::text
    from ${financeContract}
    join lateral (${FINANCE_RECORDS}) x on true
    left join izs_fund_provider fp on fp.id = ${financeContract.providerId}
   where ${tenantIs(tenantId, financeContract)}`;

/** The live voucher of a record in a book (lateral). */
const liveVoucher = (bookId: string) => sql`
  left join lateral (
    select l.voucher_id, v.word, v.no, v.period from ${docVoucher} l join ${voucher} v on v.id = l.voucher_id
     where l.account_set_id = ${bookId} and l.order_id = r.id::bigint and l.purpose = 'money' and v.is_deleted = 0
       and v.reversed_by_id is null
     order by l.id desc limit 1) lv on true`;

async function templateSpec(tx: Tx, tpl: TemplateRow): Promise<MoneyTemplate> {
  const lines = await tx
    .select()
    .from(voucherTemplateLine)
    .where(sql`${voucherTemplateLine.templateId} = ${tpl.id}`)
    .orderBy(asc(voucherTemplateLine.lineNo));
  return {
    name: tpl.name,
    docType: tpl.docType as MoneyKind,
    summary: tpl.summary,
    lines: lines.map((l) => ({
      summary: l.summary,
      accountCode: l.accountCode,
      side: l.side as 'debit' | 'credit',
      amountSource: l.amountSource as MoneyTemplate['lines'][number]['amountSource'],
      auxSource: l.auxSource as MoneyTemplate['lines'][number]['auxSource'],
      perMaterial: l.perMaterial,
    })),
  };
}

/** The enabled default (else first) template of a money kind in the book. */
async function templateOf(tx: Tx, c: BookCtx, kind: MoneyKind): Promise<TemplateRow> {
  const [t] = await tx
    .select()
    .from(voucherTemplate)
    .where(
      sql`${voucherTemplate.accountSetId} = ${c.book.id} and ${voucherTemplate.isDeleted} = 0 and ${voucherTemplate.status} = 1 and ${voucherTemplate.docType} = ${kind}`,
    )
    .orderBy(sql`${voucherTemplate.isDefault} desc`, asc(voucherTemplate.sort), asc(voucherTemplate.id))
    .limit(1);
  if (!t) throw badRequest(`没有适用于「${MONEY_KIND_NAMES[kind]}」的启用凭证模板`);
  return t;
}

export function registerMoneyVouchers(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);

  r.handle(BIZ_VOUCHER.moneyRecords, async ({ query, req }) => {
    const c = bookOf(req);
    const list = await rows<
      RecordRow & { voucherId: string | null; word: string | null; no: number | null; vperiod: string | null }
    >(
      db,
      sql`select r.*, lv.voucher_id::text as "voucherId", lv.word, lv.no, lv.period as vperiod
            from (${RECORDS(c.user.tenantId)}) r
            ${liveVoucher(c.book.id)}
           where r.state = 'reviewed' and r.date >= ${`${query.period}-01`} and r.date <= ${lastDay(query.period)}
             and ${inBookCompany(c.book, sql`r."deptId"::bigint`)}
             ${query.kind ? sql`and r.kind = ${query.kind}` : sql``}
             ${query.state === 'open' ? sql`and lv.voucher_id is null` : query.state === 'done' ? sql`and lv.voucher_id is not null` : sql``}
           order by r.date, r."orderNo"
           limit 2000`,
    );
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
  });

  r.handle(BIZ_VOUCHER.moneyGenerate, async ({ body, req }) => {
    const c = bookOf(req);
    const ids = [...new Set(body.ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    const voucherIds = await db.transaction(async (tx) => {
      await ensureDefaultTemplates(tx, c);
      const idList = sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      );
      // the records, locked in id order: a concurrent generation of one record waits, then sees the link
      await tx.execute(
        sql`select id from izs_ar_cash where id in (${idList}) and tenant_id = ${c.user.tenantId} order by id for update`,
      );
      await tx.execute(
        sql`select id from izs_ar_transfer where id in (${idList}) and tenant_id = ${c.user.tenantId} order by id for update`,
      );
      await tx
        .select({ id: financeContract.id })
        .from(financeContract)
        .where(and(inArray(financeContract.id, ids), tenantIs(c.user.tenantId, financeContract)))
        .orderBy(asc(financeContract.id))
        .for('update');
      await tx
        .select({ id: financeRepayment.id })
        .from(financeRepayment)
        .where(and(inArray(financeRepayment.id, ids), tenantOnly(c.user, financeRepayment)))
        .orderBy(asc(financeRepayment.id))
        .for('update');
      const recs = await rows<RecordRow>(
        tx,
        sql`select r.* from (${RECORDS(c.user.tenantId)}) r where r.id in (${idList}) order by r.id::bigint`,
      );
      // payments that endorsed (背书转让) a held bill give away 应收票据, not a bill of their own (应付票据)
      const endorsed = new Set(
        (
          await rows<{ id: string }>(
            tx,
            sql`select id::text as id from izs_ar_cash where id in (${idList}) and bill_mode = 'endorse'`,
          )
        ).map((x) => x.id),
      );
      if (recs.length !== ids.length) throw badRequest('收付款单据不存在');
      // a book vouchers its own company's money records only (as the documents: business-voucher-documents.ts)
      if (c.book.deptId) {
        const [foreign] = await rows<{ orderNo: string }>(
          tx,
          sql`select r."orderNo" from (${RECORDS(c.user.tenantId)}) r where r.id in (${idList})
                and (r."deptId" is null or not (${inBookCompany(c.book, sql`r."deptId"::bigint`)})) limit 1`,
        );
        if (foreign)
          throw badRequest(`单据 ${foreign.orderNo} 不属于账套「${c.book.name}」所在的公司，不能在此账套生成凭证`);
      }
      const done = await rows<{ orderNo: string; word: string; no: number }>(
        tx,
        sql`select l.order_no as "orderNo", v.word, v.no from ${docVoucher} l join ${voucher} v on v.id = l.voucher_id
             where l.account_set_id = ${c.book.id} and l.purpose = 'money' and v.is_deleted = 0
               and v.reversed_by_id is null and l.order_id in (${idList})`,
      );
      if (done.length) {
        throw badRequest(
          `单据 ${done[0].orderNo} 已生成凭证 ${formatVoucherNo(done[0].word, Number(done[0].no))}，不能重复生成`,
        );
      }
      const chosen = body.templateId ? await loadTemplate(tx, c.book.id, body.templateId) : undefined;
      if (chosen && chosen.status !== 1) throw badRequest(`凭证模板「${chosen.name}」已停用`);
      const bc = await loadBookChart(tx, c.book);
      const out: string[] = [];
      for (const d of recs) {
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
        if (endorsed.has(d.id)) {
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
        await tx.insert(docVoucher).values({
          tenantId: c.user.tenantId,
          accountSetId: c.book.id,
          orderId: d.id,
          orderNo: d.orderNo,
          docType: d.kind,
          purpose: 'money',
          voucherId,
          templateId: tpl.id,
          createUser: c.user.userId,
        });
        out.push(voucherId);
      }
      await writeOperationLog(tx, req, '收付款单据生成凭证', {
        documents: [null, recs.map((d) => d.orderNo).join(',')],
      });
      return out;
    });
    const list = await db
      .select()
      .from(voucher)
      .where(
        sql`${voucher.id} in (${sql.join(
          voucherIds.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      )
      .orderBy(asc(voucher.id));
    return voucherEntities(db, c.book, list, tz);
  });
}
