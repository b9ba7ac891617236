/**
 * balance/list (往来余额 + 账龄), credit/save and statement (对账单) — arap.contract.ts. The statement is computed
 * from the same reviewed rows as the balances, so screen, print and Excel show one set of figures:
 * ar: 借 = 应收单 and refunds paid back, 贷 = collections and offsets, balance = 借 − 贷 (the customer owes);
 * ap: 贷 = 应付单 and refunds received, 借 = payments and offsets, balance = 贷 − 借 (we owe).
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { toCapital } from '../../../core/accounting/capital.ts';
import { ARAP_ENDPOINTS as E } from '../../../core/contract/izs-finance-ar/arap.contract.ts';
import { ARAP_CODES } from '../../../core/contract/izs-finance-ar/fields.ts';
import { aging, overdueDays } from '../../../core/finance-ar/index.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Db } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { formatDate } from '../../platform/time.ts';
import { guard } from './entities.ts';
import { movementsOf, openDocsNow, partiesOnSide, tenantName, upsertCredit } from './reports-repository.ts';
import { type AsOf, creditOf, liveAt, openBalanceOf, openDocsAt, partyOf } from './service.ts';

const D = (v: string | number) => new Decimal(v);

export function registerReports(app: Parameters<typeof endpoints>[0], ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);
  r.handle(E.balances, balances(db, tz));
  r.handle(E.creditSave, saveCredit(db));
  r.handle(E.statement, statement(db, tz));
}

function balances(db: Db, tz: string): Handler<typeof E.balances> {
  return async ({ query, user }) => {
    await guard(db, user, ARAP_CODES.doc[query.side], 'view');
    const asOf = query.asOf ?? formatDate(new Date(), tz);
    // asOf given: documents and settlements after that day are cut off (balances, aging and 逾期 alike)
    const cut: AsOf | undefined = query.asOf ? { date: query.asOf, tz } : undefined;
    const docLive = cut ? liveAt('d', 'doc_date', cut) : sql`d.state = 'reviewed'`;
    const cashLive = cut ? liveAt('c', 'cash_date', cut) : sql`c.state = 'reviewed'`;
    const parties = await partiesOnSide(db, user.tenantId, query.side, docLive, cashLive, query.partyId);
    const out = [];
    const tot = { documents: D(0), settled: D(0), open: D(0), unapplied: D(0), balance: D(0), overdue: D(0) };
    const allOpen: { date: string; open: string }[] = [];
    for (const p of parties) {
      const b = await openBalanceOf(db, user.tenantId, query.side, p.id, cut);
      const open = cut
        ? await openDocsAt(db, user.tenantId, query.side, p.id, cut)
        : await openDocsNow(db, user.tenantId, query.side, p.id);
      const overdue = open.filter((o) => overdueDays(o.due, asOf) > 0).reduce((s, o) => s.plus(o.open), D(0));
      const credit = await creditOf(db, user.tenantId, p.id);
      allOpen.push(...open);
      out.push({
        partyId: p.id,
        partyName: p.name,
        ...b,
        overdue: moneyFixed(overdue),
        aging: aging(open, asOf),
        creditLimit: moneyFixed(D(credit.creditLimit)),
        paymentDays: credit.paymentDays,
      });
      for (const k of ['documents', 'settled', 'open', 'unapplied', 'balance'] as const) tot[k] = tot[k].plus(b[k]);
      tot.overdue = tot.overdue.plus(overdue);
    }
    return {
      asOf,
      rows: out,
      total: {
        documents: moneyFixed(tot.documents),
        settled: moneyFixed(tot.settled),
        open: moneyFixed(tot.open),
        unapplied: moneyFixed(tot.unapplied),
        balance: moneyFixed(tot.balance),
        overdue: moneyFixed(tot.overdue),
        aging: aging(allOpen, asOf),
      },
    };
  };
}

function saveCredit(db: Db): Handler<typeof E.creditSave> {
  return async ({ body, user, req }) => {
    await guard(db, user, ARAP_CODES.doc.ar, 'edit');
    await db.transaction(async (tx) => {
      await partyOf(tx, user.tenantId, body.partyId, 'ar');
      const before = await creditOf(tx, user.tenantId, body.partyId);
      await upsertCredit(tx, user, body);
      await writeOperationLog(tx, req, '修改信用额度与账期', {
        creditLimit: [before.creditLimit, body.creditLimit],
        paymentDays: [before.paymentDays, body.paymentDays],
      });
    });
    const c = await creditOf(db, user.tenantId, body.partyId);
    return { partyId: body.partyId, creditLimit: moneyFixed(D(c.creditLimit)), paymentDays: c.paymentDays };
  };
}

function statement(db: Db, tz: string): Handler<typeof E.statement> {
  return async ({ query, user }) => {
    await guard(db, user, ARAP_CODES.statement, 'view');
    const p = await partyOf(db, user.tenantId, query.partyId, query.side);
    const all = await movementsOf(db, user.tenantId, query.side, query.partyId);
    let opening = D(0);
    const lines = [];
    let running = D(0);
    let debit = D(0);
    let credit = D(0);
    const ar = query.side === 'ar';
    for (const m of all) {
      if (m.date < query.beginDate) {
        opening = opening.plus(m.amount);
        continue;
      }
      if (m.date > query.endDate) continue;
      if (!lines.length) running = opening;
      running = running.plus(m.amount);
      const inc = D(m.amount).gte(0) ? D(m.amount) : D(0);
      const dec = D(m.amount).lt(0) ? D(m.amount).neg() : D(0);
      // ar: increase = 借; ap: increase = 贷
      const dr = ar ? inc : dec;
      const cr = ar ? dec : inc;
      debit = debit.plus(dr);
      credit = credit.plus(cr);
      lines.push({
        date: m.date,
        orderNo: m.orderNo,
        kind: m.kind,
        summary: m.summary,
        debit: moneyFixed(dr),
        credit: moneyFixed(cr),
        balance: moneyFixed(running),
      });
    }
    const closing = opening.plus(ar ? debit.minus(credit) : credit.minus(debit));
    // 未核销预收/预付 as it stood at the statement's end date (later money and 核销 cut off)
    const bal = await openBalanceOf(db, user.tenantId, query.side, query.partyId, { date: query.endDate, tz });
    const t = await tenantName(db, user);
    return {
      side: query.side,
      partyId: p.id,
      partyName: p.name,
      beginDate: query.beginDate,
      endDate: query.endDate,
      opening: moneyFixed(opening),
      lines,
      totalDebit: moneyFixed(debit),
      totalCredit: moneyFixed(credit),
      closing: moneyFixed(closing),
      closingCapital: toCapital(closing),
      unapplied: bal.unapplied,
      companyName: t?.name ?? '',
    };
  };
}
