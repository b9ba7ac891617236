/** 科目汇总表 of a period range (sums per account at a level, vouchers per word). */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dec } from '../../../core/accounting/index.ts';
import type { VoucherCollect } from '../../../core/contract/izs-financing/voucher.contract.ts';
import { VOUCHERS } from '../../../core/contract/izs-financing/voucher.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { rows } from '../../db/client.ts';
import { voucher, voucherLine } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { bookOf, fullNameOf, loadBookChart } from './book.ts';

export function registerVoucherCollect(app: FastifyInstance, ctx: CrudContext): void {
  const { db } = ctx;
  const r = endpoints(app, db);

  r.handle(VOUCHERS.collect, async ({ req, query: q }) => {
    const { book } = bookOf(req);
    if (q.periodFrom > q.periodTo) throw badRequest('开始期间不能晚于结束期间');
    const posted = q.posted === '1' || q.posted === 'true';
    const vConds: SQL[] = [
      sql`v.account_set_id = ${book.id}`,
      sql`v.is_deleted = 0`,
      sql`v.period >= ${q.periodFrom}`,
      sql`v.period <= ${q.periodTo}`,
    ];
    if (q.word) vConds.push(sql`v.word = ${q.word}`);
    if (posted) vConds.push(sql`v.state = 'posted'`);
    const where = sql.join(vConds, sql` and `);
    const sums = await rows<{ code: string; d: string; c: string }>(
      db,
      sql`select l.account_code as code, sum(l.debit)::text as d, sum(l.credit)::text as c
          from ${voucherLine} l join ${voucher} v on v.id = l.voucher_id
          where l.is_deleted = 0 and ${where} group by l.account_code`,
    );
    const words = await rows<{ word: string; n: number; lo: number; hi: number; att: number }>(
      db,
      sql`select v.word, count(*)::int as n, min(v.no)::int as lo, max(v.no)::int as hi,
            coalesce(sum(v.attachments), 0)::int as att
          from ${voucher} v where ${where} group by v.word order by v.word`,
    );
    const bc = await loadBookChart(db, book);
    const len = 4 + 2 * (q.level - 1);
    const byCode = new Map<string, { d: ReturnType<typeof dec>; c: ReturnType<typeof dec> }>();
    for (const s of sums) {
      const code = s.code.length > len ? s.code.slice(0, len) : s.code;
      const cur = byCode.get(code) ?? { d: dec(0), c: dec(0) };
      byCode.set(code, { d: cur.d.plus(dec(s.d)), c: cur.c.plus(dec(s.c)) });
    }
    const rowsOut = [...byCode.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, v]) => ({
        code,
        name: fullNameOf(bc.chart, code),
        level: bc.chart.byCode.get(code)?.level ?? 0,
        debit: moneyFixed(v.d),
        credit: moneyFixed(v.c),
      }));
    const total = (k: 'd' | 'c') => moneyFixed([...byCode.values()].reduce((s, v) => s.plus(v[k]), dec(0)));
    const out: VoucherCollect = {
      periodFrom: q.periodFrom,
      periodTo: q.periodTo,
      level: q.level,
      rows: rowsOut,
      totals: { debit: total('d'), credit: total('c') },
      voucherCount: words.reduce((s, w) => s + Number(w.n), 0),
      words: words.map((w) => ({
        word: w.word,
        count: Number(w.n),
        from: Number(w.lo),
        to: Number(w.hi),
        attachments: Number(w.att),
      })),
    };
    return out;
  });
}
