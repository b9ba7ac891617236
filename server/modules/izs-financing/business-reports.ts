/**
 * Stock-side finance pages of the current book: 销售成本 (out-stock cost per material), 结转销售成本 (preview and the
 * voucher 借 主营业务成本 贷 库存商品), 存货成本 (opening / in / out / closing per material against the inventory
 * accounts) and 流动资产报表. Stock figures are read from izs-stock's tables through the Drizzle schema.
 *
 * Decisions:
 * - stock documents are tenant-wide (a yard's documents live in the company's department while the books live in
 *   the 财务部); every book links each document at most once per purpose (izs_fin_doc_voucher);
 * - a period holds the documents dated in it (order_date), movements included: a void belongs to its document's
 *   date, so a voided document leaves its period as if it never happened (as the sales cost does);
 * - sales cost = Σ cost_amount of reviewed 销售出库 lines (moving average at review); 销售退货 are not netted here;
 * - the carry voucher covers the period's out-stocks not carried by a live voucher yet, so a later out-stock of the
 *   same period gets its own second voucher, and deleting / reversing a carry voucher frees its documents.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { costCarryAccounts, materialSubAccount } from '../../../core/accounting/business-voucher.ts';
import { type Decimal, dec, findByName, lastDay, type Period, ZERO } from '../../../core/accounting/index.ts';
import {
  BIZ_PATHS,
  BIZ_PERMISSIONS,
  bizPeriodQuery,
  type CostCarryPreview,
  type CurrentAssetsAnswer,
  type CurrentAssetsRow,
  type SellCostAnswer,
  type StockCostAnswer,
  type StockCostRow,
} from '../../../core/contract/izs-financing/business.contract.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { docVoucher, material, stockMovement, stockOrder, stockOrderLine, voucher } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';
import { type Book, type BookChart, type BookCtx, bookOf, fullNameOf, loadBookChart, need } from './book.ts';
import { businessWord, materialNames, quantityIn } from './business-vouchers.ts';
import { checkRange, loadLedger } from './ledger-data.ts';
import { lockOpenPeriod, saveVoucherTx, voucherEntities } from './vouchers.ts';

const m2 = (v: Decimal) => v.toFixed(2);
const q3 = (v: Decimal) => v.toFixed(3);

interface OutLine {
  orderId: string;
  docType: 'out_stock' | 'sale_return';
  orderNo: string;
  orderDate: string;
  materialId: string;
  materialCode: string;
  materialName: string;
  qty: string;
  amount: string;
  cost: string;
  carried: boolean;
}

/** What 销售成本 nets: sales out, and sales returns coming back (their lines count negative). */
const SALE_DOCS = ['out_stock', 'sale_return'] as const;

/**
 * Reviewed out-stock lines dated in the period, and the returned lines of the period's reviewed 销售退货 with qty,
 * amount and cost negated (the stock ledger took the goods back in at `cost_amount`, so the cost of sales falls by
 * it), each with whether a live cost-carry voucher covers its document.
 */
async function outLines(ex: Executor, c: { book: Book; tenantId: string }, period: Period): Promise<OutLine[]> {
  const sign = sql`(case when o.doc_type = 'sale_return' then -1 else 1 end)`;
  return rows<OutLine>(
    ex,
    sql`select o.id::text as "orderId", o.doc_type as "docType", o.order_no as "orderNo", o.order_date as "orderDate",
          l.material_id::text as "materialId", coalesce(m.code, '') as "materialCode", coalesce(m.name, '') as "materialName",
          (${sign} * l.qty)::text as qty, (${sign} * l.amount)::text as amount,
          (${sign} * coalesce(l.cost_amount, 0))::text as cost,
          exists (select 1 from ${docVoucher} k join ${voucher} v on v.id = k.voucher_id
            where k.account_set_id = ${c.book.id} and k.order_id = o.id and k.purpose = 'cost'
              and v.is_deleted = 0 and v.reversed_by_id is null) as carried
        from ${stockOrder} o join ${stockOrderLine} l on l.order_id = o.id
        left join ${material} m on m.id = l.material_id
        where o.tenant_id = ${c.tenantId} and o.is_deleted = 0 and o.state = 'reviewed'
          and ((o.doc_type = 'out_stock' and l.direction = 'out') or (o.doc_type = 'sale_return' and l.direction = 'in'))
          and o.order_date >= ${`${period}-01`} and o.order_date <= ${lastDay(period)}
        order by o.order_date, o.order_no, l.line_no`,
  );
}

interface CarryPlan {
  preview: CostCarryPreview;
  /** per credit line: account, amount, kg */
  credits: { code: string; amount: Decimal; kg: Decimal; materialName: string }[];
  debitCode: string | undefined;
  orderIds: string[];
}

function carryPlan(bc: BookChart, period: Period, lines: OutLine[], names: Map<string, string[]>): CarryPlan {
  const problems: string[] = [];
  const open = lines.filter((l) => !l.carried);
  const carriedAmount = lines.filter((l) => l.carried).reduce((s, l) => s.plus(dec(l.cost)), ZERO);
  const docs = new Map<
    string,
    { id: string; docType: OutLine['docType']; orderNo: string; orderDate: string; cost: Decimal }
  >();
  for (const l of open) {
    const d = docs.get(l.orderId) ?? {
      id: l.orderId,
      docType: l.docType,
      orderNo: l.orderNo,
      orderDate: l.orderDate,
      cost: ZERO,
    };
    d.cost = d.cost.plus(dec(l.cost));
    docs.set(l.orderId, d);
  }
  const total = open.reduce((s, l) => s.plus(dec(l.cost)), ZERO);
  const acc = costCarryAccounts(bc.chart);
  if (!acc.cost) problems.push('科目表缺少「主营业务成本」');
  if (!acc.goods) problems.push('科目表缺少「库存商品」');
  const credits: CarryPlan['credits'] = [];
  if (acc.goods) {
    if (acc.goodsPerMaterial) {
      const byMat = new Map<string, { name: string; amount: Decimal; kg: Decimal }>();
      for (const l of open) {
        const x = byMat.get(l.materialId) ?? { name: l.materialName, amount: ZERO, kg: ZERO };
        x.amount = x.amount.plus(dec(l.cost));
        x.kg = x.kg.plus(dec(l.qty));
        byMat.set(l.materialId, x);
      }
      for (const [materialId, x] of byMat) {
        const code = materialSubAccount(bc.chart, acc.goods, names.get(materialId) ?? [x.name]);
        if (!code) {
          problems.push(`库存商品 ${acc.goods} 下没有与「${x.name}」对应的末级明细科目`);
          continue;
        }
        const same = credits.find((c) => c.code === code);
        if (same) {
          same.amount = same.amount.plus(x.amount);
          same.kg = same.kg.plus(x.kg);
          same.materialName = bc.chart.byCode.get(code)?.name ?? same.materialName;
        } else
          credits.push({ code, amount: x.amount, kg: x.kg, materialName: bc.chart.byCode.get(code)?.name ?? x.name });
      }
    } else {
      credits.push({
        code: acc.goods,
        amount: total,
        kg: open.reduce((s, l) => s.plus(dec(l.qty)), ZERO),
        materialName: '',
      });
    }
  }
  const summary = `结转 ${period} 销售成本`;
  const nonZero = credits.filter((c) => !c.amount.isZero());
  if (open.length === 0) problems.push('本期没有待结转成本的销售出库单');
  else if (total.isZero()) problems.push('本期待结转的销售成本为零');
  return {
    preview: {
      period,
      documents: [...docs.values()].map((d) => ({
        id: d.id,
        docType: d.docType,
        orderNo: d.orderNo,
        orderDate: d.orderDate,
        costAmount: m2(d.cost),
      })),
      costAmount: m2(total),
      carriedAmount: m2(carriedAmount),
      lines:
        acc.cost && !total.isZero()
          ? [
              {
                summary,
                accountCode: acc.cost,
                accountName: fullNameOf(bc.chart, acc.cost),
                debit: m2(total),
                credit: '0.00',
              },
              ...nonZero.map((c) => ({
                summary: c.materialName ? `${summary}（${c.materialName}）` : summary,
                accountCode: c.code,
                accountName: fullNameOf(bc.chart, c.code),
                debit: '0.00',
                credit: m2(c.amount),
              })),
            ]
          : [],
      problems,
    },
    credits: nonZero,
    debitCode: acc.cost,
    orderIds: [...docs.keys()],
  };
}

async function generateCarry(tx: Tx, c: BookCtx, period: Period): Promise<string> {
  await lockOpenPeriod(tx, c.book.id, period, '期间');
  // lock the period's out-stocks and sales returns so that two carries of one period queue (the second sees the
  // first one's links)
  await tx
    .select({ id: stockOrder.id })
    .from(stockOrder)
    .where(
      and(
        eq(stockOrder.tenantId, c.user.tenantId),
        inArray(stockOrder.docType, [...SALE_DOCS]),
        eq(stockOrder.state, 'reviewed'),
        sql`${stockOrder.orderDate} >= ${`${period}-01`} and ${stockOrder.orderDate} <= ${lastDay(period)}`,
      ),
    )
    .orderBy(asc(stockOrder.id))
    .for('update');
  const bc = await loadBookChart(tx, c.book);
  const lines = await outLines(tx, { book: c.book, tenantId: c.user.tenantId }, period);
  const plan = carryPlan(
    bc,
    period,
    lines,
    await materialNames(
      tx,
      c.user.tenantId,
      lines.map((l) => l.materialId),
    ),
  );
  if (plan.preview.problems.length || !plan.debitCode) throw badRequest(plan.preview.problems[0] ?? '不能结转销售成本');
  const summary = `结转 ${period} 销售成本`;
  const qtyOf = (code: string, kg: Decimal, amount: Decimal) => {
    const row = bc.rows.get(code);
    if (row?.quantity !== 1 || kg.isZero()) return {};
    const quantity = quantityIn(row.unit, kg);
    return { quantity, unitPrice: amount.div(dec(quantity)).toDecimalPlaces(6).toFixed(6) };
  };
  const total = dec(plan.preview.costAmount);
  const id = await saveVoucherTx(
    tx,
    c,
    {
      word: await businessWord(tx, c.book.id),
      voucherDate: lastDay(period),
      attachments: plan.orderIds.length,
      remark: summary,
      lines: [
        { summary, accountCode: plan.debitCode, debit: m2(total), ...qtyOf(plan.debitCode, ZERO, total) },
        ...plan.credits.map((x) => ({
          summary: x.materialName ? `${summary}（${x.materialName}）` : summary,
          accountCode: x.code,
          credit: m2(x.amount),
          ...qtyOf(x.code, x.kg, x.amount),
        })),
      ],
    },
    { kind: 'costCarry' },
  );
  const docs = plan.preview.documents;
  for (let i = 0; i < docs.length; i += 500) {
    await tx.insert(docVoucher).values(
      docs.slice(i, i + 500).map((d) => ({
        tenantId: c.user.tenantId,
        accountSetId: c.book.id,
        orderId: d.id,
        orderNo: d.orderNo,
        docType: d.docType,
        purpose: 'cost',
        voucherId: id,
        createUser: c.user.userId,
      })),
    );
  }
  await writeOperationLog(tx, c.req, `结转销售成本 ${period}`, { costAmount: [null, plan.preview.costAmount] });
  return id;
}

/** Inventory accounts of the chart (level 1, by name): the 存货 line's accounts. */
const INVENTORY_NAMES = [
  '材料采购',
  '在途物资',
  '原材料',
  '材料成本差异',
  '库存商品',
  '发出商品',
  '商品进销差价',
  '委托加工物资',
  '周转材料',
  '存货跌价准备',
];

export function registerBusinessReports(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;

  app.get(BIZ_PATHS.sellCost, async (req) => {
    const { book, user } = bookOf(req);
    await need(db, user, BIZ_PERMISSIONS.sellCost, 'view');
    const q = parse(bizPeriodQuery, req.query ?? {});
    const lines = await outLines(db, { book, tenantId: user.tenantId }, q.period);
    const by = new Map<
      string,
      { code: string; name: string; qty: Decimal; sales: Decimal; cost: Decimal; docs: Set<string> }
    >();
    for (const l of lines) {
      const x = by.get(l.materialId) ?? {
        code: l.materialCode,
        name: l.materialName,
        qty: ZERO,
        sales: ZERO,
        cost: ZERO,
        docs: new Set<string>(),
      };
      x.qty = x.qty.plus(dec(l.qty));
      x.sales = x.sales.plus(dec(l.amount));
      x.cost = x.cost.plus(dec(l.cost));
      x.docs.add(l.orderId);
      by.set(l.materialId, x);
    }
    const list = [...by.entries()].sort(([, a], [, b]) => (a.code < b.code ? -1 : 1));
    const sum = (f: (x: { qty: Decimal; sales: Decimal; cost: Decimal }) => Decimal) =>
      list.reduce((s, [, x]) => s.plus(f(x)), ZERO);
    const out: SellCostAnswer = {
      period: q.period,
      rows: list.map(([id, x]) => ({
        materialId: id,
        materialCode: x.code,
        materialName: x.name,
        qty: q3(x.qty),
        salesAmount: m2(x.sales),
        costAmount: m2(x.cost),
        grossProfit: m2(x.sales.minus(x.cost)),
        documents: x.docs.size,
      })),
      totals: {
        qty: q3(sum((x) => x.qty)),
        salesAmount: m2(sum((x) => x.sales)),
        costAmount: m2(sum((x) => x.cost)),
        grossProfit: m2(sum((x) => x.sales.minus(x.cost))),
        documents: new Set(lines.map((l) => l.orderId)).size,
      },
    };
    return ok(out);
  });

  app.get(BIZ_PATHS.costCarryPreview, async (req) => {
    const { book, user } = bookOf(req);
    await need(db, user, BIZ_PERMISSIONS.costCarry, 'view');
    const q = parse(bizPeriodQuery, req.query ?? {});
    const bc = await loadBookChart(db, book);
    const lines = await outLines(db, { book, tenantId: user.tenantId }, q.period);
    const names = await materialNames(
      db,
      user.tenantId,
      lines.map((l) => l.materialId),
    );
    return ok(carryPlan(bc, q.period, lines, names).preview);
  });

  app.post(BIZ_PATHS.costCarry, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, BIZ_PERMISSIONS.costCarry, 'add');
    const body = parse(bizPeriodQuery, req.body ?? {});
    const id = await db.transaction((tx) => generateCarry(tx, c, body.period));
    const list = await db
      .select()
      .from(voucher)
      .where(inArray(voucher.id, [id]));
    return ok((await voucherEntities(db, c.book, list, tz))[0]);
  });

  app.get(BIZ_PATHS.stockCost, async (req) => {
    const { book, user } = bookOf(req);
    await need(db, user, BIZ_PERMISSIONS.stockCost, 'view');
    const q = parse(bizPeriodQuery, req.query ?? {});
    checkRange(book, q.period, q.period);
    const from = `${q.period}-01`;
    const to = lastDay(q.period);
    const sums = await rows<{
      id: string;
      code: string;
      name: string;
      oq: string;
      oa: string;
      iq: string;
      ia: string;
      xq: string;
      xa: string;
    }>(
      db,
      sql`select mv.material_id::text as id, coalesce(m.code, '') as code, coalesce(m.name, '') as name,
            coalesce(sum(case when o.order_date < ${from} then mv.qty_in - mv.qty_out end), 0)::text as oq,
            coalesce(sum(case when o.order_date < ${from} then mv.amount_in - mv.amount_out end), 0)::text as oa,
            coalesce(sum(case when o.order_date >= ${from} then mv.qty_in end), 0)::text as iq,
            coalesce(sum(case when o.order_date >= ${from} then mv.amount_in end), 0)::text as ia,
            coalesce(sum(case when o.order_date >= ${from} then mv.qty_out end), 0)::text as xq,
            coalesce(sum(case when o.order_date >= ${from} then mv.amount_out end), 0)::text as xa
          from ${stockMovement} mv join ${stockOrder} o on o.id = mv.order_id
          left join ${material} m on m.id = mv.material_id
          where mv.tenant_id = ${user.tenantId} and o.order_date <= ${to}
          group by mv.material_id, m.code, m.name
          order by m.code`,
    );
    const rowsOut: StockCostRow[] = sums
      .map((s) => {
        const cq = dec(s.oq).plus(dec(s.iq)).minus(dec(s.xq));
        const ca = dec(s.oa).plus(dec(s.ia)).minus(dec(s.xa));
        return {
          materialId: s.id,
          materialCode: s.code,
          materialName: s.name,
          openingQty: q3(dec(s.oq)),
          openingAmount: m2(dec(s.oa)),
          inQty: q3(dec(s.iq)),
          inAmount: m2(dec(s.ia)),
          outQty: q3(dec(s.xq)),
          outAmount: m2(dec(s.xa)),
          closingQty: q3(cq),
          closingAmount: m2(ca),
        };
      })
      .filter((r) => [r.openingQty, r.openingAmount, r.inQty, r.outQty, r.closingAmount].some((v) => !dec(v).isZero()));
    const tot = (k: keyof StockCostRow, f: (v: Decimal) => string) =>
      f(rowsOut.reduce((s, r) => s.plus(dec(r[k])), ZERO));
    const bc = await loadBookChart(db, book);
    const ledger = await loadLedger(db, book, bc, { to: q.period });
    const accounts = INVENTORY_NAMES.map((n) => findByName(bc.chart, n))
      .filter((a): a is NonNullable<typeof a> => !!a)
      .map((a) => ({ code: a.code, name: a.name, balance: m2(ledger.value(a.code, 'closing', q.period)) }))
      .filter((a) => !dec(a.balance).isZero() || a.name === '库存商品');
    const accountTotal = accounts.reduce((s, a) => s.plus(dec(a.balance)), ZERO);
    const closing = rowsOut.reduce((s, r) => s.plus(dec(r.closingAmount)), ZERO);
    const out: StockCostAnswer = {
      period: q.period,
      rows: rowsOut,
      totals: {
        openingQty: tot('openingQty', q3),
        openingAmount: tot('openingAmount', m2),
        inQty: tot('inQty', q3),
        inAmount: tot('inAmount', m2),
        outQty: tot('outQty', q3),
        outAmount: tot('outAmount', m2),
        closingQty: tot('closingQty', q3),
        closingAmount: tot('closingAmount', m2),
      },
      accounts,
      accountTotal: m2(accountTotal),
      difference: m2(closing.minus(accountTotal)),
    };
    return ok(out);
  });

  app.get(BIZ_PATHS.currentAssets, async (req) => {
    const { book, user } = bookOf(req);
    await need(db, user, BIZ_PERMISSIONS.currentAssets, 'view');
    const q = parse(bizPeriodQuery, req.query ?? {});
    checkRange(book, q.period, q.period);
    const bc = await loadBookChart(db, book);
    const ledger = await loadLedger(db, book, bc, { to: q.period, withAux: true });
    const code = (name: string) => findByName(bc.chart, name)?.code;
    type Part = { name: string; kind: 'raw' | 'debitParts' };
    const item = (key: string, name: string, parts: Part[]): CurrentAssetsRow & { raw: Decimal[] } => {
      let closing = ZERO;
      let opening = ZERO;
      const codes: string[] = [];
      for (const p of parts) {
        const c = code(p.name);
        if (!c) continue;
        codes.push(c);
        if (p.kind === 'raw') {
          closing = closing.plus(ledger.value(c, 'closing', q.period));
          opening = opening.plus(ledger.value(c, 'yearOpening', q.period));
        } else {
          closing = closing.plus(ledger.value(c, 'closingDebitParts', q.period));
          opening = opening.plus(ledger.value(c, 'yearOpeningDebitParts', q.period));
        }
      }
      return { key, name, codes, opening: m2(opening), closing: m2(closing), kind: 'item', raw: [opening, closing] };
    };
    const raw = (...names: string[]): Part[] => names.map((name) => ({ name, kind: 'raw' }));
    const parts = (...names: string[]): Part[] => names.map((name) => ({ name, kind: 'debitParts' }));
    const items = [
      item('cash', '库存现金', raw('库存现金')),
      item('bank', '银行存款', raw('银行存款')),
      item('otherMoney', '其他货币资金', raw('其他货币资金')),
      item('investment', book.standard === 'small' ? '短期投资' : '交易性金融资产', raw('短期投资', '交易性金融资产')),
      item('notes', '应收票据', raw('应收票据')),
      // research README §2: receivables / prepayments regrouped by the sign of each item's balance
      item('receivable', '应收账款', parts('应收账款', '预收账款')),
      item('prepaid', '预付账款', parts('预付账款', '应付账款')),
      item('dividend', '应收股利', raw('应收股利')),
      item('interest', '应收利息', raw('应收利息')),
      item('otherReceivable', '其他应收款', raw('其他应收款')),
      item('inventory', '存货', raw(...INVENTORY_NAMES, '生产成本')),
    ];
    if (book.standard === 'enterprise') {
      // 坏账准备 is netted against 应收账款 as a whole (no per-asset split in the preset chart)
      const allowance = code('坏账准备');
      const r = items.find((i) => i.key === 'receivable');
      if (allowance && r) {
        r.raw = [
          r.raw[0].plus(ledger.value(allowance, 'yearOpening', q.period)),
          r.raw[1].plus(ledger.value(allowance, 'closing', q.period)),
        ];
        r.opening = m2(r.raw[0]);
        r.closing = m2(r.raw[1]);
        r.codes.push(allowance);
      }
    }
    const total = (i: 0 | 1) => items.reduce((s, x) => s.plus(x.raw[i]), ZERO);
    const out: CurrentAssetsAnswer = {
      period: q.period,
      rows: [
        ...items.map(({ raw: _r, ...x }) => x),
        { key: 'total', name: '流动资产合计', codes: [], opening: m2(total(0)), closing: m2(total(1)), kind: 'total' },
      ],
    };
    return ok(out);
  });
}
