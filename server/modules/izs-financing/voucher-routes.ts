/** 记账凭证: save / update / submit, detail, the period's numbers, page, next number, remove. Queries: voucher-routes-repository.ts. */
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { editBlock, formatVoucherNo, periodOf, type VoucherStatus } from '../../../core/accounting/index.ts';
import { FIN_PERMISSIONS } from '../../../core/contract/izs-financing/fields.ts';
import type { VoucherNumber } from '../../../core/contract/izs-financing/voucher.contract.ts';
import { VOUCHERS } from '../../../core/contract/izs-financing/voucher.contract.ts';
import type { Db } from '../../db/client.ts';
import { voucher, voucherLine } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler, type HandlerInput } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { parsePaging } from '../../platform/paging.ts';
import { badRequest, page } from '../../platform/r.ts';
import { bookOf, need } from './book.ts';

import { voucherAnswer, voucherEntities } from './voucher-answers.ts';
import {
  lastNumber,
  lockVouchersForRemove,
  periodNumbers,
  removeVouchers,
  voucherPage,
} from './voucher-routes-repository.ts';
import { lockBook, saveVoucherAnswerTx, type VoucherFormValues } from './voucher-save.ts';

export function registerVoucherRoutes(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);
  const save = saveVoucher(ctx);
  r.handle(VOUCHERS.save, ({ req, body }) => save(req, body, false));
  r.handle(VOUCHERS.update, ({ req, body }) => save(req, body, true));
  r.handle(VOUCHERS.submit, ({ req, body }) => save(req, body, 'auto'));
  r.handle(VOUCHERS.detail, ({ req, query }) => voucherAnswer(db, bookOf(req).book, query.id, tz));
  r.handle(VOUCHERS.numbers, voucherNumbers(db));
  r.handle(VOUCHERS.page, voucherList(ctx));
  r.handle(VOUCHERS.nextNo, nextNumber(db));
  r.handle(VOUCHERS.remove, removeVoucherIds(db));
}

/** 凭证录入's add or edit button, by what the call does (submit: by the body's id); one transaction. */
function saveVoucher({ db, tz }: CrudContext) {
  return async (req: FastifyRequest, form: VoucherFormValues, update: boolean | 'auto') => {
    const c = bookOf(req);
    const id = form.id;
    const hasId = id !== undefined && id !== null && id !== '' && id !== -1 && id !== '-1';
    const isUpdate = update === 'auto' ? hasId : update;
    await need(db, c.user, FIN_PERMISSIONS.voucherEntry, isUpdate ? 'edit' : 'add');
    if (isUpdate && !hasId) throw badRequest('缺少必要的请求参数: id');
    return db.transaction((tx) => saveVoucherAnswerTx(tx, c, form, isUpdate ? { id: String(id) } : {}, tz));
  };
}

function voucherNumbers(db: Db): Handler<typeof VOUCHERS.numbers> {
  return async ({ req, query: q }) => {
    const { book } = bookOf(req);
    const list = await periodNumbers(db, book.id, q.period);
    return list as VoucherNumber[];
  };
}

function voucherList({ db, tz }: CrudContext): Handler<typeof VOUCHERS.page> {
  return async ({ req, query }) => {
    const { book } = bookOf(req);
    const raw = (req.query ?? {}) as Record<string, unknown>;
    // an empty or -1 filter is no filter
    const q = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== '-1')) as typeof query;
    const p = parsePaging(
      raw,
      {
        voucher_date: voucher.voucherDate,
        no: voucher.no,
        period: voucher.period,
        create_time: voucher.createTime,
        debit_total: voucher.debitTotal,
      },
      [asc(voucher.period), asc(voucher.word), asc(voucher.no)],
    );
    const where = and(...pageConditions(book.id, q));
    const { total, list } = await voucherPage(db, where, p);
    return page(await voucherEntities(db, book, list, tz), total, p.current, p.size);
  };
}

/** The page's filters as conditions (no statement); a filter in a wrong format is refused, named. */
function pageConditions(bookId: string, q: HandlerInput<typeof VOUCHERS.page>['query']): SQL[] {
  const conds: SQL[] = [eq(voucher.accountSetId, bookId), eq(voucher.isDeleted, 0)];
  const periodRe = /^\d{4}-\d{2}$/;
  const dateRe = /^\d{4}-\d{2}-\d{2}$/;
  const amountRe = /^-?\d{1,14}(\.\d{1,2})?$/;
  const check = (v: string | undefined, re: RegExp, label: string) => {
    if (v !== undefined && !re.test(v)) throw badRequest(`${label}格式不正确`);
    return v;
  };
  if (check(q.period, periodRe, '会计期间')) conds.push(eq(voucher.period, q.period!));
  if (check(q.periodFrom, periodRe, '开始期间')) conds.push(gte(voucher.period, q.periodFrom!));
  if (check(q.periodTo, periodRe, '结束期间')) conds.push(lte(voucher.period, q.periodTo!));
  if (check(q.dateFrom, dateRe, '开始日期')) conds.push(gte(voucher.voucherDate, q.dateFrom!));
  if (check(q.dateTo, dateRe, '结束日期')) conds.push(lte(voucher.voucherDate, q.dateTo!));
  if (q.word) conds.push(eq(voucher.word, q.word));
  if (q.state) conds.push(eq(voucher.state, q.state));
  if (q.kind) conds.push(eq(voucher.kind, q.kind));
  if (check(q.amountMin, amountRe, '最小金额')) conds.push(gte(voucher.debitTotal, q.amountMin!));
  if (check(q.amountMax, amountRe, '最大金额')) conds.push(lte(voucher.debitTotal, q.amountMax!));
  const lineConds: SQL[] = [];
  if (q.accountCode) {
    if (!/^\d{4,10}$/.test(q.accountCode)) throw badRequest('科目编码格式不正确');
    lineConds.push(sql`l.account_code like ${`${q.accountCode}%`}`);
  }
  if (q.summary) lineConds.push(sql`l.summary like ${`%${q.summary.replace(/[\\%_]/g, (x) => `\\${x}`)}%`}`);
  if (check(q.amount, amountRe, '金额')) lineConds.push(sql`(l.debit = ${q.amount} or l.credit = ${q.amount})`);
  if (lineConds.length) {
    conds.push(
      sql`exists (select 1 from ${voucherLine} l where l.voucher_id = ${voucher.id} and l.is_deleted = 0 and ${sql.join(lineConds, sql` and `)})`,
    );
  }
  return conds;
}

function nextNumber(db: Db): Handler<typeof VOUCHERS.nextNo> {
  return async ({ req, query: q }) => {
    const { book } = bookOf(req);
    const period = periodOf(q.date);
    const last = await lastNumber(db, book.id, period, q.word);
    return { period, word: q.word, no: (last?.last ?? 0) + 1 };
  };
}

/** Book FOR SHARE, the vouchers locked and each editable, then deleted with their lines; one transaction. */
function removeVoucherIds(db: Db): Handler<typeof VOUCHERS.remove> {
  return async ({ req, query }) => {
    const c = bookOf(req);
    const ids = [...new Set(query.ids)];
    await db.transaction(async (tx) => {
      const state = await lockBook(tx, c.book.id, 'share');
      const found = await lockVouchersForRemove(tx, c.book.id, ids);
      if (found.length !== ids.length) throw badRequest('凭证不存在');
      for (const v of found) {
        const block = editBlock({
          status: v.state as VoucherStatus,
          createdBy: v.createUser ?? '',
          periodClosed: !!state.closedThrough && v.period <= state.closedThrough,
        });
        if (block) throw badRequest(`${formatVoucherNo(v.word, v.no)}：${block}`);
      }
      // a deleted red reversal frees its original
      const sources = found.map((v) => v.sourceVoucherId).filter((x): x is string => !!x);
      await removeVouchers(tx, c.user, ids, sources);
      await writeOperationLog(tx, req, '删除凭证', {
        vouchers: [found.map((v) => `${v.period} ${formatVoucherNo(v.word, v.no)}`).join(','), null],
      });
    });
    return null;
  };
}
