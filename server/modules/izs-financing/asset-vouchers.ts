/**
 * Vouchers of a fixed asset's acquisition and disposal (research fixed_assets.md §6), from its 变动记录:
 *
 *   POST fixed-assets/card/acquire-voucher { id, creditAccount, taxAmount? }
 *     借 固定资产 (the card's asset account) 原值, 借 进项税额 taxAmount, 贷 creditAccount (银行存款 / 应付账款 …);
 *     dated the in-service date. Not for a card acquired before the book's start (its cost is in the openings).
 *   POST fixed-assets/card/dispose-voucher { id, proceeds?, taxAmount?, proceedsAccount? }
 *     借 固定资产清理 净值, 借 累计折旧, 贷 固定资产 原值; 借 proceedsAccount 含税, 贷 固定资产清理 处置收入 (不含税) and
 *     贷 销项税额 (小规模: 应交增值税) taxAmount;
 *     the rest of 固定资产清理 to the result: 小企业 营业外收入-非流动资产处置净收益 / 营业外支出-非流动资产处置净损失;
 *     企业 a sale (with proceeds) to 资产处置损益, a write-off without proceeds to 营业外支出-非流动资产毁损报废损失.
 *     Dated the disposal date, after the disposal month's depreciation (当月减少当月照提): refused until it is booked.
 *
 * One live voucher per change (deleting or reversing it frees the change); every voucher goes through saveVoucherTx
 * (validation, numbering, open periods, 辅助核算), and the link is written in the same transaction.
 * Queries: asset-vouchers-repository.ts.
 */
import type { FastifyInstance } from 'fastify';
import { monthDepreciation } from '../../../core/accounting/asset-card.ts';
import {
  type Chart,
  type Decimal,
  dec,
  findByName,
  findSubAccount,
  isLeaf,
  leafOf,
  vatAccounts,
  ZERO,
} from '../../../core/accounting/index.ts';
import { FIXED_ASSETS } from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Tx } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { type ChangeRow, linkChange, lockChange, voucherById } from './asset-vouchers-repository.ts';
import { type BookCtx, bookOf, loadBookChart } from './book.ts';
import { generatedWord } from './closing.ts';
import { liveRuns, standingVouchers } from './fixed-asset-runs-repository.ts';
import { type BookedLine, bookedLines, type CardRow, cardState, loadCard } from './fixed-asset-service.ts';
import { saveVoucherTx, voucherEntities } from './vouchers.ts';

/** The card's acquire / dispose record, locked; refused while it has a live voucher. */
async function changeFor(tx: Tx, c: BookCtx, assetId: string, kind: 'acquire' | 'dispose'): Promise<ChangeRow> {
  const change = await lockChange(tx, c.book.id, assetId, kind);
  if (!change) throw badRequest(kind === 'acquire' ? '资产没有新增记录' : '资产尚未处置');
  const standing = (await standingVouchers(tx, [change.voucherId])).get(change.voucherId ?? '');
  if (standing) throw badRequest(`已生成${kind === 'acquire' ? '新增' : '处置'}凭证 ${standing.voucherNo}`);
  return change;
}

/** The level-1 account `name`'s sub-account named `sub` when that is a leaf, else leafOf the account. */
function leafNamed(chart: Chart, name: string, sub?: string): string | undefined {
  const top = findByName(chart, name);
  if (!top) return undefined;
  const named = sub ? findSubAccount(chart, top.code, sub) : undefined;
  return named && isLeaf(chart, named.code) ? named.code : leafOf(chart, top.code);
}

async function answer(ctx: CrudContext, c: BookCtx, id: string) {
  const list = await voucherById(ctx.db, id);
  const [v] = await voucherEntities(ctx.db, c.book, list, ctx.tz);
  return v;
}

export function registerAssetVouchers(app: FastifyInstance, ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(FIXED_ASSETS.acquireVoucher, acquireVoucher(ctx));
  r.handle(FIXED_ASSETS.disposeVoucher, disposeVoucher(ctx));
}

function acquireVoucher(ctx: CrudContext): Handler<typeof FIXED_ASSETS.acquireVoucher> {
  return async ({ req, body }) => {
    const c = bookOf(req);
    const id = await ctx.db.transaction(async (tx) => {
      const card = await loadCard(tx, c.book.id, body.id, true);
      const change = await changeFor(tx, c, card.id, 'acquire');
      if (change.period < c.book.startPeriod) {
        throw badRequest('资产在账套启用前取得，原值已在期初余额中，不生成新增凭证');
      }
      const bc = await loadBookChart(tx, c.book);
      const tax = dec(body.taxAmount ?? '0');
      const inputTax = vatAccounts(bc.chart).input;
      if (!tax.isZero() && !inputTax) throw badRequest('科目表中没有「进项税额」末级科目，不能录入进项税额');
      if (body.creditAccount === card.assetAccount) throw badRequest('对方科目不能是资产科目本身');
      const cost = dec(card.cost);
      const summary = `购入固定资产 ${card.code} ${card.name}`;
      const voucherId = await saveVoucherTx(
        tx,
        c,
        {
          word: await generatedWord(tx, c.book.id),
          voucherDate: card.inServiceDate,
          attachments: 0,
          remark: summary,
          lines: [
            { summary, accountCode: card.assetAccount, debit: moneyFixed(cost) },
            ...(tax.isZero() || !inputTax ? [] : [{ summary, accountCode: inputTax, debit: moneyFixed(tax) }]),
            { summary, accountCode: body.creditAccount, credit: moneyFixed(cost.plus(tax)) },
          ],
        },
        { kind: 'asset' },
      );
      await linkChange(tx, change, voucherId);
      await writeOperationLog(tx, req, `资产新增凭证 ${card.code}`, { voucherId: [null, voucherId] });
      return voucherId;
    });
    return answer(ctx, c, id);
  };
}

function disposeVoucher(ctx: CrudContext): Handler<typeof FIXED_ASSETS.disposeVoucher> {
  return async ({ req, body }) => {
    const c = bookOf(req);
    const id = await ctx.db.transaction(async (tx) => {
      const card = await loadCard(tx, c.book.id, body.id, true);
      if (card.state !== 'disposed') throw badRequest('资产尚未处置');
      const change = await changeFor(tx, c, card.id, 'dispose');
      const period = card.disposalPeriod;
      const booked = (await bookedLines(tx, c.book.id, [card.id])).get(card.id) ?? [];
      // 当月减少的固定资产当月照提折旧: the disposal month's depreciation first, or 累计折旧 would be short
      if (!booked.some((b) => b.period === period) && (await liveRuns(tx, c.book, ctx.tz, period)).length === 0) {
        const due = monthDepreciation(cardState(card), period, booked, card.method === 'workload' ? '0' : null);
        if (!due.amount.isZero() || card.method === 'workload') {
          throw badRequest(`请先计提 ${period} 的折旧（处置当月照提折旧），再生成处置凭证`);
        }
      }
      const bc = await loadBookChart(tx, c.book);
      const { lines, summary, accumulated } = disposalLines(
        bc.chart,
        c.book.standard === 'enterprise',
        card,
        booked,
        body,
      );
      const voucherId = await saveVoucherTx(
        tx,
        c,
        {
          word: await generatedWord(tx, c.book.id),
          voucherDate: card.disposalDate,
          attachments: 0,
          remark: summary,
          lines,
        },
        { kind: 'asset' },
      );
      // the record's written-off depreciation now includes the disposal month's
      await linkChange(tx, change, voucherId, { accumDelta: moneyFixed(accumulated.neg()) });
      await writeOperationLog(tx, req, `资产处置凭证 ${card.code}`, { voucherId: [null, voucherId] });
      return voucherId;
    });
    return answer(ctx, c, id);
  };
}

/**
 * The disposal voucher's lines (no statement): 固定资产清理 net, 累计折旧, 固定资产 cost; the proceeds with their
 * tax; the result to 资产处置损益 (企业, a sale) or 营业外收支. Refused when the chart lacks an account it needs.
 */
function disposalLines(
  chart: Chart,
  enterprise: boolean,
  card: CardRow,
  booked: BookedLine[],
  body: { proceeds?: string; taxAmount?: string; proceedsAccount?: string },
) {
  const clearing = leafNamed(chart, '固定资产清理');
  if (!clearing) throw badRequest('科目表中没有「固定资产清理」科目');
  const proceeds = dec(body.proceeds ?? '0');
  const tax = dec(body.taxAmount ?? '0');
  if (!proceeds.isZero() && !body.proceedsAccount) throw badRequest('请选择收款科目');
  if (!tax.isZero() && proceeds.isZero()) throw badRequest('没有处置收入，不能有销项税额');
  const outputTax = vatAccounts(chart).output;
  if (!tax.isZero() && !outputTax) throw badRequest('科目表中没有「销项税额」或「应交增值税」科目');
  const cost = dec(card.cost);
  const accumulated = booked.reduce((s, b) => s.plus(dec(b.amount)), ZERO).plus(dec(card.openingAccumulated));
  const net = cost.minus(accumulated);
  const result = net.minus(proceeds); // > 0 loss, < 0 gain
  let resultAccount: string | undefined;
  if (!result.isZero()) {
    if (enterprise && !proceeds.isZero()) resultAccount = leafNamed(chart, '资产处置损益');
    if (!resultAccount) {
      resultAccount = result.gt(0)
        ? leafNamed(chart, '营业外支出', enterprise ? '非流动资产毁损报废损失' : '非流动资产处置净损失')
        : leafNamed(chart, '营业外收入', enterprise ? '非流动资产毁损报废利得' : '非流动资产处置净收益');
    }
    if (!resultAccount) throw badRequest('科目表中没有处置损益科目（营业外收入 / 营业外支出 / 资产处置损益）');
  }
  const summary = `处置固定资产 ${card.code} ${card.name}`;
  const m = (v: Decimal) => moneyFixed(v);
  const lines: { summary: string; accountCode: string; debit?: string; credit?: string }[] = [];
  if (!net.isZero()) lines.push({ summary, accountCode: clearing, debit: m(net) });
  if (!accumulated.isZero()) lines.push({ summary, accountCode: card.accumAccount, debit: m(accumulated) });
  lines.push({ summary, accountCode: card.assetAccount, credit: m(cost) });
  if (!proceeds.isZero() && body.proceedsAccount) {
    const s2 = `${summary} 处置收入`;
    lines.push({ summary: s2, accountCode: body.proceedsAccount, debit: m(proceeds.plus(tax)) });
    lines.push({ summary: s2, accountCode: clearing, credit: m(proceeds) });
    if (!tax.isZero() && outputTax) lines.push({ summary: s2, accountCode: outputTax, credit: m(tax) });
  }
  if (resultAccount && result.gt(0)) {
    lines.push({ summary: `${summary} 净损失`, accountCode: resultAccount, debit: m(result) });
    lines.push({ summary: `${summary} 净损失`, accountCode: clearing, credit: m(result) });
  } else if (resultAccount) {
    lines.push({ summary: `${summary} 净收益`, accountCode: clearing, debit: m(result.neg()) });
    lines.push({ summary: `${summary} 净收益`, accountCode: resultAccount, credit: m(result.neg()) });
  }
  return { lines, summary, accumulated };
}
