/**
 * What the printed weight memo (磅单) shows, as data: the header lines, the weight table per print template
 * (core/contract/izs-toolbox/print-config.contract.ts PRINT_TEMPLATES: standard = gross / tare / deduction / net,
 * amount = plus unit price, amount and the amount in capitals, simple = net only), the marks (manual weights,
 * not completed, voided, reprint) and the signature line. Pure functions over the memo answer
 * (orders.contract.ts WeightMemo), so the layout component only lays them out.
 */
import Decimal from 'decimal.js';
import { toCapital } from '../../core/accounting/capital.ts';
import type { PrintTemplate } from '../../core/contract/izs-toolbox/print-config.contract.ts';
import type { WeightMemo } from '../../core/contract/izs-weighing/orders.contract.ts';
import { formatFixed } from '../../core/format/amounts.ts';
import { formatDecimal, kgToTonnes } from '../../core/format/decimal.ts';

/** kg for the slip: thousands separators, only the decimals the reading has (35,260 / 22,615.6); '' for none. */
export function kgText(v: string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  let d: Decimal;
  try {
    d = new Decimal(v);
  } catch {
    return '';
  }
  return formatDecimal(v, Math.min(3, Math.max(0, d.decimalPlaces())));
}

export interface MemoCell {
  key: string;
  label: string;
  value: string;
  /** 手工: the reading was entered by hand (DESIGN §5: a manual weight is marked). */
  manual?: boolean;
}

/** Who the counterparty is on the slip. */
export function partyLabel(orderType: string): string {
  return orderType === 'purchase' ? '供货单位' : orderType === 'sale' ? '收货单位' : '往来单位';
}

/**
 * Whether the slip prints 单价 / 金额 (and the amount in capitals): the 含单价金额 template always; the standard
 * template on a purchase that has a price — the purchase slip is the seller's receipt, what the yard pays him
 * (issue 26); never the 简易 template.
 */
export function printsMoney(m: Pick<WeightMemo, 'orderType' | 'unitPrice'>, template: PrintTemplate): boolean {
  if (template === 'amount') return true;
  return template === 'standard' && m.orderType === 'purchase' && !!m.unitPrice && !new Decimal(m.unitPrice).isZero();
}

/** The weight (and money) cells of a template, in print order. */
export function weightCells(m: WeightMemo, template: PrintTemplate): MemoCell[] {
  const net: MemoCell[] = [
    { key: 'net', label: '净重(kg)', value: kgText(m.netWeight) },
    { key: 'netT', label: '净重(吨)', value: m.netWeight ? kgToTonnes(m.netWeight) : '' },
  ];
  if (template === 'simple') return net;
  const cells: MemoCell[] = [
    { key: 'gross', label: '毛重(kg)', value: kgText(m.grossWeight), manual: m.grossManual },
    { key: 'tare', label: '皮重(kg)', value: kgText(m.tareWeight), manual: m.tareManual },
    { key: 'deduction', label: '扣重(kg)', value: kgText(m.deductionWeight) },
    ...net,
  ];
  if (printsMoney(m, template)) {
    cells.push(
      { key: 'price', label: `单价(${m.priceUnitName})`, value: formatDecimal(m.unitPrice, 2) },
      { key: 'amount', label: '金额(元)', value: m.amount ? formatDecimal(m.amount, 2) : '' },
    );
  }
  return cells;
}

/** 扣重 = 固定扣重 + (毛重 − 皮重) × 扣杂率: the basis printed under the table ('' when nothing is deducted). */
export function deductionBasis(m: WeightMemo): string {
  const fixed = new Decimal(m.deductWeight || '0');
  const rate = new Decimal(m.impurityRate || '0');
  if (fixed.isZero() && rate.isZero()) return '';
  const parts: string[] = [];
  if (!fixed.isZero()) parts.push(`固定扣重 ${kgText(m.deductWeight)} kg`);
  if (!rate.isZero()) parts.push(`扣杂率 ${formatFixed(rate, 2, { thousands: false })}%`);
  return `扣重依据：${parts.join(' + ')}`;
}

/** 人民币大写 of the amount: the server's text, else computed here; '' until there is an amount. */
export function amountWords(m: WeightMemo): string {
  if (m.amountInWords) return m.amountInWords;
  return m.amount && m.weighState === 'completed' ? toCapital(m.amount) : '';
}

/** The stamps over the slip. */
export function memoMarks(m: WeightMemo): { stamp: '' | '作废' | '未完成'; manual: boolean; reprint: boolean } {
  return {
    stamp: m.weighState === 'voided' ? '作废' : m.weighState === 'completed' ? '' : '未完成',
    manual: m.manual,
    reprint: m.printCount > 0,
  };
}

/** 司磅员: one name, or both passes' names when two clerks weighed the truck. */
export function weigherText(m: WeightMemo): string {
  const a = m.firstOperatorName ?? '';
  const b = m.secondOperatorName ?? '';
  if (!b || a === b) return a || b;
  if (!a) return b;
  return `${a}（一次） ${b}（二次）`;
}

/** The copy line of 241 mm three-part paper (一式三联); nothing on cut sheets. */
export const THREE_PART_COPIES = '第一联 存根（白）　第二联 客户（红）　第三联 财务（黄）';
export const isContinuous = (paperKey: string) => paperKey.startsWith('c241');
