/**
 * Execution of a trading contract (money-contracts-finance.md §4): each line's contracted tonnes with the 溢短装
 * band (± tolerance %), the executed tonnes and amount from the REVIEWED stock documents linked to the contract
 * (quantities in kg on the documents), the remaining quantity and whether a delivery went past the band.
 * Pure decimal.js; the server gathers the facts.
 */
import Decimal from 'decimal.js';
import { decimalFixed, moneyFixed, priceFixed, rateFixed, weightFixed } from '../format/amounts.ts';

export interface ContractLineFacts {
  materialId: string;
  /** tonnes */
  qty: string;
}
export interface ExecutedFacts {
  materialId: string;
  /** kg, Σ of the reviewed document lines of the material (returns already netted by the caller) */
  qtyKg: string;
  amount: string;
}
export type ExecutionState = 'open' | 'within' | 'over';
export interface LineExecution {
  materialId: string;
  contractQty: string;
  minQty: string;
  maxQty: string;
  executedQty: string;
  executedAmount: string;
  remainingQty: string;
  /** open: below the band; within: inside ±tolerance; over: past the upper bound */
  state: ExecutionState;
  percent: string;
}
export interface Execution {
  lines: LineExecution[];
  executedQty: string;
  executedAmount: string;
  remainingQty: string;
  /** Chinese warnings, one per line past the tolerance (empty when none). */
  warnings: string[];
}

const T = 3;
export const kgToTonnes = (kg: Decimal.Value) => new Decimal(kg).div(1000);

/** The tolerance band of a contracted quantity: [qty × (1 − t%), qty × (1 + t%)], tonnes to 3 places. */
export function toleranceBand(qty: Decimal.Value, tolerancePct: Decimal.Value): { min: string; max: string } {
  const q = new Decimal(qty);
  const t = new Decimal(tolerancePct).div(100);
  if (t.isNeg()) throw new Error('溢短装比例不能为负数');
  return { min: weightFixed(q.times(Decimal.sub(1, t)), T), max: weightFixed(q.times(t.plus(1)), T) };
}

/** Executed vs contracted per line (a material listed twice is summed into its first line). */
export function execution(
  lines: ContractLineFacts[],
  executed: ExecutedFacts[],
  tolerancePct: Decimal.Value,
  names: (materialId: string) => string = (id) => id,
): Execution {
  const byMat = new Map<string, { qty: Decimal; amount: Decimal }>();
  for (const e of executed) {
    const cur = byMat.get(e.materialId) ?? { qty: new Decimal(0), amount: new Decimal(0) };
    byMat.set(e.materialId, { qty: cur.qty.plus(kgToTonnes(e.qtyKg)), amount: cur.amount.plus(e.amount) });
  }
  const contracted = new Map<string, Decimal>();
  for (const l of lines) contracted.set(l.materialId, (contracted.get(l.materialId) ?? new Decimal(0)).plus(l.qty));
  const warnings: string[] = [];
  const out: LineExecution[] = [...contracted.entries()].map(([materialId, qty]) => {
    const band = toleranceBand(qty, tolerancePct);
    const raw = byMat.get(materialId) ?? { qty: new Decimal(0), amount: new Decimal(0) };
    // tonnes as shown (3 places): executed + remaining = contracted on the screen
    const done = { qty: raw.qty.toDecimalPlaces(T, Decimal.ROUND_HALF_UP), amount: raw.amount };
    const state: ExecutionState = raw.qty.gt(band.max) ? 'over' : raw.qty.gte(band.min) ? 'within' : 'open';
    if (state === 'over') {
      warnings.push(
        `${names(materialId)}已执行 ${weightFixed(done.qty, T)} 吨，超过合同数量 ${weightFixed(qty, T)} 吨的溢装上限 ${band.max} 吨`,
      );
    }
    const remaining = Decimal.max(qty.minus(done.qty), 0);
    return {
      materialId,
      contractQty: weightFixed(qty, T),
      minQty: band.min,
      maxQty: band.max,
      executedQty: weightFixed(done.qty, T),
      executedAmount: moneyFixed(done.amount),
      remainingQty: weightFixed(remaining, T),
      state,
      percent: qty.isZero() ? '0.00' : rateFixed(done.qty.div(qty).times(100)),
    };
  });
  // executed materials not on the contract are a warning too
  for (const [m, d] of byMat) {
    if (!contracted.has(m) && d.qty.gt(0))
      warnings.push(`${names(m)}不在合同明细中，已执行 ${weightFixed(d.qty, T)} 吨`);
  }
  const sum = (f: (l: LineExecution) => string, p: number) =>
    decimalFixed(
      out.reduce((s, l) => s.plus(f(l)), new Decimal(0)),
      p,
    );
  return {
    lines: out,
    executedQty: sum((l) => l.executedQty, T),
    executedAmount: moneyFixed([...byMat.values()].reduce((s, d) => s.plus(d.amount), new Decimal(0))),
    remainingQty: sum((l) => l.remainingQty, T),
    warnings,
  };
}

/** Line amount: tonnes × yuan per tonne, to the fen (half up). 点价: reference + premium. */
export function contractLinePrice(
  priceType: 'fixed' | 'pricing',
  unitPrice: Decimal.Value,
  refPrice?: Decimal.Value | null,
  premium?: Decimal.Value | null,
): string {
  if (priceType === 'fixed') return priceFixed(new Decimal(unitPrice));
  return priceFixed(new Decimal(refPrice ?? 0).plus(premium ?? 0));
}
export function contractLineAmount(qtyTonnes: Decimal.Value, price: Decimal.Value): string {
  return moneyFixed(new Decimal(qtyTonnes).times(price));
}

export type ContractState = 'draft' | 'pending' | 'executing' | 'completed' | 'terminated';
export type ContractAction = 'submit' | 'approve' | 'reject' | 'complete' | 'terminate';
export const CONTRACT_STATE_TEXT: Record<ContractState, string> = {
  draft: '草稿',
  pending: '审核中',
  executing: '执行中',
  completed: '已完成',
  terminated: '已终止',
};
const MOVES: Record<ContractAction, { from: ContractState[]; to: ContractState; verb: string }> = {
  submit: { from: ['draft'], to: 'pending', verb: '提交审核' },
  approve: { from: ['pending'], to: 'executing', verb: '审核通过' },
  reject: { from: ['pending'], to: 'draft', verb: '驳回' },
  complete: { from: ['executing'], to: 'completed', verb: '完成' },
  terminate: { from: ['draft', 'pending', 'executing'], to: 'terminated', verb: '终止' },
};

/** The next state, or the Chinese refusal. */
export function contractMove(state: string, action: ContractAction): { to: ContractState } | { error: string } {
  const m = MOVES[action];
  if (!m.from.includes(state as ContractState)) {
    return { error: `合同${CONTRACT_STATE_TEXT[state as ContractState] ?? state}，不能${m.verb}` };
  }
  return { to: m.to };
}
