import { Decimal, dec, formatVoucherNo, type Period, round2, validateVoucher } from '../../core/accounting/index.ts';
import { moneyFixed } from '../../core/format/amounts.ts';
import type { Tx } from '../db/client.ts';
import { voucher, voucherCounter, voucherLine } from '../db/schema/index.ts';
import { auxKeyOf } from '../modules/izs-financing/book.ts';
import type { DemoBook, FinanceSeedContext } from './finance-book.ts';

export interface DemoLine {
  code: string;
  debit?: Decimal | string;
  credit?: Decimal | string;
  /** dimension name → related-party code */
  party?: { dim: '客户' | '供应商'; code: string };
  qty?: string;
  summary?: string;
}

export const pct = (amount: string, rate: string) => round2(dec(amount).times(rate));

export function demoVoucherWriter(tx: Tx, c: FinanceSeedContext, b: DemoBook) {
  const { book, start, bc, dimId, itemId, settings } = b;
  const counters = new Map<string, number>();

  const addVoucher = async (
    date: string,
    summary: string,
    lines: DemoLine[],
    state: 'saved' | 'reviewed' | 'posted',
    kind: 'manual' | 'carryForward' = 'manual',
  ) => {
    const period = date.slice(0, 7);
    const key = `${period}|记`;
    const no = (counters.get(key) ?? 0) + 1;
    counters.set(key, no);
    const prepared = lines.map((l) => {
      const amount = dec(l.debit ?? l.credit ?? 0);
      const aux = l.party ? { [dimId(l.party.dim)]: itemId(l.party.dim, l.party.code) } : {};
      const qty = l.qty ? dec(l.qty) : undefined;
      return {
        summary: l.summary ?? summary,
        code: l.code,
        debit: l.debit === undefined ? undefined : moneyFixed(dec(l.debit)),
        credit: l.credit === undefined ? undefined : moneyFixed(dec(l.credit)),
        aux,
        auxByName: l.party ? { [l.party.dim]: aux[dimId(l.party.dim)] } : {},
        quantity: qty?.toFixed(),
        unitPrice: qty ? amount.div(qty).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed() : undefined,
      };
    });
    const problems = validateVoucher(
      { word: '记', date, lines: prepared.map((l) => ({ ...l, aux: l.auxByName })) },
      { chart: bc.chart, settings },
    );
    if (problems.length) throw new Error(`演示凭证 ${date} ${summary}：${problems[0].msg}`);
    const total = moneyFixed(prepared.reduce((s, l) => s.plus(dec(l.debit)), dec(0)));
    const at = new Date(`${date}T10:00:00+08:00`);
    const [v] = await tx
      .insert(voucher)
      .values({
        tenantId: c.tenantId,
        deptId: c.deptId,
        accountSetId: book.id,
        period,
        word: '记',
        no,
        voucherDate: date,
        attachments: kind === 'manual' ? 1 : 0,
        state,
        kind,
        debitTotal: total,
        creditTotal: total,
        summary,
        createUser: c.adminId,
        updateUser: c.adminId,
        createDept: c.deptId,
        createTime: at,
        updateTime: at,
        reviewer: state === 'saved' ? null : c.adminId,
        reviewTime: state === 'saved' ? null : at,
        poster: state === 'posted' ? c.adminId : null,
        postTime: state === 'posted' ? at : null,
      })
      .returning({ id: voucher.id });
    await tx.insert(voucherLine).values(
      prepared.map((l, i) => ({
        tenantId: c.tenantId,
        accountSetId: book.id,
        voucherId: v.id,
        lineNo: i + 1,
        period,
        summary: l.summary,
        accountCode: l.code,
        aux: Object.keys(l.aux).length ? l.aux : null,
        auxKey: auxKeyOf(l.aux),
        debit: l.debit ?? '0',
        credit: l.credit ?? '0',
        quantity: l.quantity ?? null,
        unitPrice: l.unitPrice ?? null,
        carryForward: kind === 'carryForward' ? 1 : 0,
        posted: state === 'posted' ? 1 : 0,
      })),
    );
    return formatVoucherNo('记', no);
  };

  const d = (period: Period, day: number) => `${period}-${String(day).padStart(2, '0')}`;
  const purchase = (day: number, what: string, code: string, qty: string, price: string, supplier: string) => {
    const amount = round2(dec(qty).times(price));
    const tax = pct(moneyFixed(amount), '0.13');
    return addVoucher(
      d(start, day),
      `购入${what} ${qty}吨`,
      [
        { code, debit: amount, qty },
        { code: '22210101', debit: tax },
        { code: '2202', credit: amount.plus(tax), party: { dim: '供应商', code: supplier } },
      ],
      'posted',
    );
  };
  const sale = (
    period: Period,
    day: number,
    what: string,
    qty: string,
    price: string,
    customer: string,
    state: 'saved' | 'reviewed' | 'posted' = 'posted',
  ) => {
    const amount = round2(dec(qty).times(price));
    const tax = pct(moneyFixed(amount), '0.13');
    return addVoucher(
      d(period, day),
      `销售${what} ${qty}吨`,
      [
        { code: '1122', debit: amount.plus(tax), party: { dim: '客户', code: customer } },
        { code: '5001', credit: amount },
        { code: '22210107', credit: tax },
      ],
      state,
    );
  };
  // cost of sales at the moving average of the stock sub-account
  const cost = (day: number, what: string, code: string, qty: string, stockQty: string, stockAmount: string) => {
    const amount = round2(dec(stockAmount).div(stockQty).times(qty));
    return addVoucher(
      d(start, day),
      `结转${what}销售成本 ${qty}吨`,
      [
        { code: '5401', debit: amount },
        { code, credit: amount, qty },
      ],
      'posted',
    );
  };

  /** The counter rows of the numbers drawn, so the next saved voucher continues the sequence. */
  const saveCounters = async () => {
    for (const [key, last] of counters) {
      const [period, word] = key.split('|');
      await tx.insert(voucherCounter).values({ accountSetId: book.id, period, word, last });
    }
  };
  return { addVoucher, d, purchase, sale, cost, saveCounters };
}
