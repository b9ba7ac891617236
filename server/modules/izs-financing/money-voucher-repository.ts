/**
 * The queries of the money records' vouchers (money-vouchers.ts): the records of 收款 / 付款 / 退款 / 对冲 and
 * supply-chain finance as one row shape, their live voucher in a book, the locks and checks of a generation, the
 * money template of a kind, the link to the voucher. `FINANCE_RECORDS` is read by 业财对账 too (reconcile-data.ts).
 */
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import { lastDay } from '../../../core/accounting/index.ts';
import { MONEY_KIND_NAMES, type MoneyKind, type MoneyTemplate } from '../../../core/accounting/money-voucher.ts';
import { type Db, rows, type Tx } from '../../db/client.ts';
import {
  docVoucher,
  financeContract,
  financeRepayment,
  voucher,
  voucherTemplate,
  voucherTemplateLine,
} from '../../db/schema/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs, tenantOnly } from '../../platform/scope.ts';
import type { BookCtx } from './book.ts';
import { inBookCompany } from './book-scope.ts';
import type { TemplateRow } from './business-voucher-kit.ts';

export interface RecordRow {
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
export const RECORDS = (tenantId: string) => sql`
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

export async function templateSpec(tx: Tx, tpl: TemplateRow): Promise<MoneyTemplate> {
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
export async function templateOf(tx: Tx, c: BookCtx, kind: MoneyKind): Promise<TemplateRow> {
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

/** The reviewed money records of a period in the book's company, with their live voucher; at most 2,000. */
export function moneyRecordsOfPeriod(db: Db, c: BookCtx, query: { period: string; kind?: string; state?: string }) {
  return rows<RecordRow & { voucherId: string | null; word: string | null; no: number | null; vperiod: string | null }>(
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
}

/** The records, locked in id order: a concurrent generation of one record waits, then sees the link. */
export async function lockMoneyRecords(tx: Tx, c: BookCtx, ids: string[], idList: SQL) {
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
}

/** The tenant's money records of these ids, in id order. */
export function moneyRecordsByIds(tx: Tx, tenantId: string, idList: SQL) {
  return rows<RecordRow>(
    tx,
    sql`select r.* from (${RECORDS(tenantId)}) r where r.id in (${idList}) order by r.id::bigint`,
  );
}

/** The payments among these ids that endorsed (背书转让) a held bill. */
export async function endorsedCashIds(tx: Tx, idList: SQL): Promise<Set<string>> {
  return new Set(
    (
      await rows<{ id: string }>(
        tx,
        sql`select id::text as id from izs_ar_cash where id in (${idList}) and bill_mode = 'endorse'`,
      )
    ).map((x) => x.id),
  );
}

/** One of these records outside the book's company, if any. */
export async function foreignMoneyRecord(tx: Tx, c: BookCtx, idList: SQL) {
  const [foreign] = await rows<{ orderNo: string }>(
    tx,
    sql`select r."orderNo" from (${RECORDS(c.user.tenantId)}) r where r.id in (${idList})
          and (r."deptId" is null or not (${inBookCompany(c.book, sql`r."deptId"::bigint`)})) limit 1`,
  );
  return foreign;
}

/** The live money vouchers in the book of these records. */
export function moneyVouchersOf(tx: Tx, bookId: string, idList: SQL) {
  return rows<{ orderNo: string; word: string; no: number }>(
    tx,
    sql`select l.order_no as "orderNo", v.word, v.no from ${docVoucher} l join ${voucher} v on v.id = l.voucher_id
         where l.account_set_id = ${bookId} and l.purpose = 'money' and v.is_deleted = 0
           and v.reversed_by_id is null and l.order_id in (${idList})`,
  );
}

/** The link of a record to its voucher (purpose 'money'). */
export async function linkMoneyVoucher(tx: Tx, c: BookCtx, d: RecordRow, voucherId: string, templateId: string) {
  await tx.insert(docVoucher).values({
    tenantId: c.user.tenantId,
    accountSetId: c.book.id,
    orderId: d.id,
    orderNo: d.orderNo,
    docType: d.kind,
    purpose: 'money',
    voucherId,
    templateId,
    createUser: c.user.userId,
  });
}

/** The vouchers of these ids, in id order. */
export function vouchersByIds(db: Db, voucherIds: string[]) {
  return db
    .select()
    .from(voucher)
    .where(
      sql`${voucher.id} in (${sql.join(
        voucherIds.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(voucher.id));
}
