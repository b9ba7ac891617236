/**
 * 结转销售成本: GET cost-carry/preview and POST cost-carry/generate (STOCK_REPORTS in
 * core/contract/izs-financing/stock-reports.contract.ts). The carry voucher (借 主营业务成本 贷 库存商品, per material
 * sub-account when the chart has them) covers the period's out-stocks not carried by a live voucher yet, so a later
 * out-stock of the same period gets its own second voucher, and deleting / reversing a carry voucher frees its
 * documents.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { costCarryAccounts, materialSubAccount } from '../../../core/accounting/business-voucher.ts';
import { type Decimal, dec, lastDay, type Period, ZERO } from '../../../core/accounting/index.ts';
import type { CostCarryPreview } from '../../../core/contract/izs-financing/business.contract.ts';
import { STOCK_REPORTS } from '../../../core/contract/izs-financing/stock-reports.contract.ts';
import { priceFixed } from '../../../core/format/amounts.ts';
import type { Tx } from '../../db/client.ts';
import { docVoucher, stockOrder, voucher } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';
import { type BookChart, type BookCtx, bookOf, fullNameOf, loadBookChart } from './book.ts';
import { businessWord, materialNames, quantityIn } from './business-vouchers.ts';
import { m2, type OutLine, outLines, SALE_DOCS } from './stock-lines.ts';
import { lockOpenPeriod, saveVoucherTx, voucherEntities } from './vouchers.ts';

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
  const docs = openDocuments(open);
  const total = open.reduce((s, l) => s.plus(dec(l.cost)), ZERO);
  const acc = costCarryAccounts(bc.chart);
  if (!acc.cost) problems.push('科目表缺少「主营业务成本」');
  if (!acc.goods) problems.push('科目表缺少「库存商品」');
  const credits = creditLines(bc, acc, open, total, names, problems);
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

/** The open out-stocks by document, with their cost. */
function openDocuments(open: OutLine[]) {
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
  return docs;
}

/**
 * The 库存商品 credit lines: per material sub-account when the chart has them (a material without one is a problem,
 * pushed to `problems`), else one line of the total.
 */
function creditLines(
  bc: BookChart,
  acc: ReturnType<typeof costCarryAccounts>,
  open: OutLine[],
  total: Decimal,
  names: Map<string, string[]>,
  problems: string[],
): CarryPlan['credits'] {
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
  return credits;
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
        tenantOnly(c.user, stockOrder),
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
    return { quantity, unitPrice: priceFixed(amount.div(dec(quantity)), 6) };
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

export function registerCostCarry(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const ep = endpoints(app, db);

  ep.handle(STOCK_REPORTS.costCarryPreview, async ({ req, query: q }) => {
    const { book, user } = bookOf(req);
    const bc = await loadBookChart(db, book);
    const lines = await outLines(db, { book, tenantId: user.tenantId }, q.period);
    const names = await materialNames(
      db,
      user.tenantId,
      lines.map((l) => l.materialId),
    );
    return carryPlan(bc, q.period, lines, names).preview;
  });

  ep.handle(STOCK_REPORTS.costCarry, async ({ req, body }) => {
    const c = bookOf(req);
    const id = await db.transaction((tx) => generateCarry(tx, c, body.period));
    const list = await db
      .select()
      .from(voucher)
      .where(inArray(voucher.id, [id]));
    return (await voucherEntities(db, c.book, list, tz))[0];
  });
}
