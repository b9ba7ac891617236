/**
 * 票据管理's actions (descriptors BILLS.action / undo, bill.contract.ts): 贴现 / 背书转让 / 到期兑付 / 到期付款 with
 * their voucher, and the undo of the last one while its voucher is unreviewed.
 *
 * Guarantees: one transaction per effect (the bill locked FOR UPDATE, its event and voucher written together or not
 * at all); state machine: receivable 持有 → 已贴现 | 已背书 | 已到期兑付; payable 未到期 → 已兑付; anything else 400;
 * an event made by a 收款单 / 付款单 (issue 11) is undone only by voiding that record. Queries: bill-actions-repository.ts.
 */
import type { FastifyInstance } from 'fastify';
import { type Decimal, dec } from '../../../core/accounting/index.ts';
import { BILLS } from '../../../core/contract/izs-financing/bill.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler, type HandlerInput } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { insertBillEvent, retireBillEvent, setBillState } from './bill-actions-repository.ts';
import {
  accountNamed,
  actionName,
  type BillRow,
  bankOf,
  detailOf,
  kindText,
  liveEvents,
  lockBill,
  stateName,
  type VLine,
  writeVoucher,
} from './bill-kit.ts';
import { type BookChart, type BookCtx, bookOf, loadBookChart } from './book.ts';
import { auxFor, counterpartyOf, dropVoucher, editableVoucher, line } from './income-expend.ts';

export function registerBillActions(app: FastifyInstance, ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(BILLS.action, billAction(ctx.db));
  r.handle(BILLS.undo, undoBillAction(ctx.db));
}

type ActionBody = HandlerInput<typeof BILLS.action>['body'];

/** 贴现 / 背书 / 兑付 / 付款: the bill locked and its state checked, the voucher, the event, the new state. */
function billAction(db: Db): Handler<typeof BILLS.action> {
  return async ({ body, req }) => {
    const c = bookOf(req);
    await db.transaction(async (tx) => {
      const b = await lockBill(tx, c, body.id);
      const name = actionName(body.action);
      const wanted = body.action === 'pay' ? 'outstanding' : 'held';
      if ((body.action === 'pay') !== (b.direction === 'payable')) {
        throw badRequest(`${b.direction === 'payable' ? '应付票据' : '应收票据'}不能${name}`);
      }
      if (b.state !== wanted) throw badRequest(`票据当前状态为「${stateName(b.state)}」，不能${name}`);
      if (body.date < b.entryDate) throw badRequest(`${name}日期不能早于收票/开票日期 ${b.entryDate}`);
      const bc = await loadBookChart(tx, c.book);
      const amount = dec(b.amount);
      const { lines, toState, interest, cp, accounts } = await actionEntry(tx, c, bc, b, body, amount);
      const voucherId = await writeVoucher(tx, c, body.date, lines, `票据管理-${b.billNo}`);
      await insertBillEvent(tx, c.user, c.book.id, {
        billId: b.id,
        action: body.action,
        eventDate: body.date,
        fromState: b.state,
        toState,
        amount: moneyFixed(amount),
        interest: moneyFixed(interest),
        counterparty: body.counterparty ?? '',
        counterpartyName: cp?.name ?? '',
        voucherId,
        accounts,
      });
      await setBillState(tx, c.user, b.id, toState);
      await writeOperationLog(tx, req, `票据${name} ${b.billNo}`, { state: [b.state, toState] });
    });
    return detailOf(db, c, body.id);
  };
}

/** The action's voucher lines, the bill's next state, the discount interest, the endorsee and the accounts used. */
async function actionEntry(tx: Tx, c: BookCtx, bc: BookChart, b: BillRow, body: ActionBody, amount: Decimal) {
  const billAcc = accountNamed(bc, b.direction === 'payable' ? '应付票据' : '应收票据');
  let lines: VLine[];
  let toState: string;
  let interest = dec(0);
  let cp: Awaited<ReturnType<typeof counterpartyOf>> = null;
  const accounts: Record<string, string> = { bill: billAcc.code };
  switch (body.action) {
    case 'discount': {
      interest = dec(body.interest || '0');
      if (interest.gte(amount)) throw badRequest('贴现息应小于票面金额');
      const bank = bankOf(bc, body.bankAccount);
      const fee = accountNamed(bc, '财务费用', ['利息费用', '利息支出']);
      const summary = `${kindText(b)} ${b.billNo} 贴现`;
      lines = [line(summary, bank.code, 'debit', moneyFixed(amount.minus(interest)))];
      if (interest.gt(0)) lines.push(line(`${summary}（贴现息）`, fee.code, 'debit', moneyFixed(interest)));
      lines.push(line(summary, billAcc.code, 'credit', moneyFixed(amount)));
      Object.assign(accounts, { bank: bank.code, expense: fee.code });
      toState = 'discounted';
      break;
    }
    case 'endorse': {
      if (!body.counterparty) throw badRequest('请选择被背书人（供应商）');
      cp = await counterpartyOf(tx, c.book.id, body.counterparty, '被背书人（供应商）', ['供应商']);
      const ap = accountNamed(bc, '应付账款');
      const summary = `${kindText(b)} ${b.billNo} 背书转让给${cp?.name ?? ''}`;
      lines = [
        line(summary, ap.code, 'debit', moneyFixed(amount), auxFor(ap, cp)),
        line(summary, billAcc.code, 'credit', moneyFixed(amount)),
      ];
      accounts.other = ap.code;
      toState = 'endorsed';
      break;
    }
    case 'collect': {
      const bank = bankOf(bc, body.bankAccount);
      const summary = `${kindText(b)} ${b.billNo} 到期兑付`;
      lines = [
        line(summary, bank.code, 'debit', moneyFixed(amount)),
        line(summary, billAcc.code, 'credit', moneyFixed(amount)),
      ];
      accounts.bank = bank.code;
      toState = 'collected';
      break;
    }
    default: {
      const bank = bankOf(bc, body.bankAccount);
      const summary = `${kindText(b)} ${b.billNo} 到期付款`;
      lines = [
        line(summary, billAcc.code, 'debit', moneyFixed(amount)),
        line(summary, bank.code, 'credit', moneyFixed(amount)),
      ];
      accounts.bank = bank.code;
      toState = 'paid';
    }
  }
  return { lines, toState, interest, cp, accounts };
}

/** Undo the last action while its voucher is editable; one made by a 收款单 / 付款单 only by voiding that record. */
function undoBillAction(db: Db): Handler<typeof BILLS.undo> {
  return async ({ body, req }) => {
    const c = bookOf(req);
    await db.transaction(async (tx) => {
      const b = await lockBill(tx, c, body.id);
      const [last] = await liveEvents(tx, c.book.id, b.id);
      if (!last || last.action === 'receive' || last.action === 'issue') {
        throw badRequest('票据没有可撤销的操作（删除票据请用删除）');
      }
      if (last.cashId) throw badRequest(`该${actionName(last.action)}由付款单 ${last.cashNo} 生成，请作废该付款单`);
      const v = await editableVoucher(tx, c, last.voucherId, `${actionName(last.action)}`);
      if (v) await dropVoucher(tx, c, v.id);
      await retireBillEvent(tx, last.id);
      await setBillState(tx, c.user, b.id, last.fromState);
      await writeOperationLog(tx, req, `撤销票据${actionName(last.action)} ${b.billNo}`, {
        state: [b.state, last.fromState],
      });
    });
    return detailOf(db, c, body.id);
  };
}
