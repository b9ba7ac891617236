/** 票据管理's reads (descriptors BILLS.events / summary, bill.contract.ts): a bill's history and the totals on top. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dec } from '../../../core/accounting/index.ts';
import { BILLS } from '../../../core/contract/izs-financing/bill.contract.ts';
import {
  type BillEvent,
  type BillSummary,
  DUE_SOON_DAYS,
} from '../../../core/contract/izs-financing/bills.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { rows } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { formatDate, formatDateTime } from '../../platform/time.ts';
import { detailOf } from './bill-kit.ts';
import { bookOf } from './book.ts';

export function registerBillReads(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);

  r.handle(BILLS.events, async ({ query, req }) => {
    const c = bookOf(req);
    const { id } = query;
    await detailOf(db, c, id);
    const list = await rows<Record<string, unknown>>(
      db,
      sql`select e.*, v.word || '-' || v.no as voucher_no, v.state as voucher_state
          from izs_fin_bill_event e left join izs_fin_voucher v on v.id = e.voucher_id and v.is_deleted = 0
          where e.account_set_id = ${c.book.id} and e.bill_id = ${id} and e.is_deleted = 0 order by e.id`,
    );
    const answer: BillEvent[] = list.map((e) => ({
      id: String(e.id),
      action: String(e.action),
      eventDate: String(e.event_date),
      fromState: String(e.from_state),
      toState: String(e.to_state),
      amount: moneyFixed(dec(String(e.amount))),
      interest: moneyFixed(dec(String(e.interest))),
      counterpartyName: String(e.counterparty_name ?? ''),
      voucherId: e.voucher_id ? String(e.voucher_id) : null,
      cashNo: String(e.cash_no ?? ''),
      voucherNo: (e.voucher_no as string | null) ?? null,
      voucherState: (e.voucher_state as string | null) ?? null,
      createTime: formatDateTime(new Date(e.create_time as string), tz),
    }));
    return answer;
  });

  r.handle(BILLS.summary, async ({ query, req }) => {
    const c = bookOf(req);
    const today = query.today || formatDate(new Date(), tz);
    const soon = new Date(`${today}T00:00:00Z`);
    soon.setUTCDate(soon.getUTCDate() + DUE_SOON_DAYS);
    const until = soon.toISOString().slice(0, 10);
    const [s] = await rows<Record<string, string | number>>(
      db,
      sql`select
            coalesce(sum(amount) filter (where state = 'held'), 0)::text as receivable_held,
            count(*) filter (where state = 'held')::int as receivable_count,
            coalesce(sum(amount) filter (where state = 'outstanding'), 0)::text as payable_outstanding,
            count(*) filter (where state = 'outstanding')::int as payable_count,
            count(*) filter (where state in ('held', 'outstanding') and due_date <= ${until})::int as due_count,
            coalesce(sum(amount) filter (where state in ('held', 'outstanding') and due_date <= ${until}), 0)::text
              as due_amount
          from izs_fin_bill where account_set_id = ${c.book.id} and is_deleted = 0`,
    );
    const answer: BillSummary = {
      receivableHeld: moneyFixed(dec(String(s?.receivable_held ?? 0))),
      receivableCount: Number(s?.receivable_count ?? 0),
      payableOutstanding: moneyFixed(dec(String(s?.payable_outstanding ?? 0))),
      payableCount: Number(s?.payable_count ?? 0),
      dueSoonCount: Number(s?.due_count ?? 0),
      dueSoonAmount: moneyFixed(dec(String(s?.due_amount ?? 0))),
    };
    return answer;
  });
}
