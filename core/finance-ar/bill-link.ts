/**
 * 承兑汇票 of a 收款单 / 付款单 (issue 11): which bill fields a record must carry, and whether a held bill may be
 * endorsed to pay a supplier. Pure; the server (izs-finance-ar cash-bill.ts) answers the message as a 400.
 */
import { Decimal } from 'decimal.js';
import { moneyFixed } from '../format/amounts.ts';

export interface BillInput {
  mode?: 'receive' | 'issue' | 'endorse';
  billId?: string;
  billNo?: string;
  billKind?: 'bank' | 'commercial';
  drawer?: string;
  acceptor?: string;
  issueDate?: string;
  dueDate?: string;
}

/** The mode a record takes: collections receive, payments issue unless they endorse. */
export function billModeOf(
  kind: 'collection' | 'payment',
  input: BillInput | undefined,
): 'receive' | 'issue' | 'endorse' {
  if (kind === 'collection') return 'receive';
  return input?.mode === 'endorse' ? 'endorse' : 'issue';
}

/** The first missing or wrong bill field (Chinese), or null. */
export function billInputProblem(
  kind: 'collection' | 'payment',
  input: BillInput | undefined,
  cashDate: string,
): string | null {
  if (kind === 'collection' && input?.mode && input.mode !== 'receive') return '收款单的承兑汇票只能是收到票据';
  const mode = billModeOf(kind, input);
  if (mode === 'endorse') return input?.billId ? null : '请选择要背书转让的应收票据';
  const b = input ?? {};
  if (!b.billNo) return '请填写票据号码';
  if (!b.billKind) return '请选择票据类型（银行承兑/商业承兑）';
  if (kind === 'collection' && !b.drawer) return '请填写出票人';
  if (!b.acceptor) return '请填写承兑人';
  if (!b.issueDate) return '请选择出票日';
  if (!b.dueDate) return '请选择到期日';
  if (b.dueDate <= b.issueDate) return '到期日应晚于出票日';
  if (cashDate < b.issueDate) return `${kind === 'collection' ? '收款' : '付款'}日期不能早于出票日 ${b.issueDate}`;
  return null;
}

/** Why a held receivable bill cannot be endorsed for a payment, or null. */
export function endorseProblem(
  bill: { billNo: string; direction: string; state: string; stateName: string; amount: string },
  paymentAmount: string,
): string | null {
  if (bill.direction !== 'receivable') return `票据 ${bill.billNo} 不是应收票据，不能背书转让`;
  if (bill.state !== 'held')
    return `票据 ${bill.billNo} 当前状态为「${bill.stateName}」，不是持有中的票据，不能背书转让`;
  if (!new Decimal(bill.amount).eq(paymentAmount)) {
    return `票据 ${bill.billNo} 票面金额 ${moneyFixed(bill.amount)} 元与付款金额 ${moneyFixed(paymentAmount)} 元不一致`;
  }
  return null;
}
