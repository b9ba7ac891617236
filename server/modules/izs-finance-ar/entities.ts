/** Row → answer mapping and the button guard shared by the handlers of this module. */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import {
  type ArCash,
  type ArDoc,
  arCashSchema,
  type SettleLine,
} from '../../../core/contract/izs-finance-ar/arap.contract.ts';
import { overdueDays, settleState } from '../../../core/finance-ar/index.ts';
import { moneyFixed, rateFixed } from '../../../core/format/amounts.ts';
import type { Db } from '../../db/client.ts';
import { type Executor, rows } from '../../db/client.ts';
import { arCash } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { hasAnyCode } from '../../platform/crud/permissions.ts';
import { wireRow } from '../../platform/crud/values.ts';
import { forbidden } from '../../platform/r.ts';
import type { CashRow, DocRow } from './service.ts';

const m2 = (v: string | null | undefined) => moneyFixed(v ?? '0');

/** `${code}_${action}` (view: also the menu itself). */
export async function guard(db: Db, user: AuthUser, code: string, action: string): Promise<void> {
  const codes = action === 'view' ? [`${code}_view`, code] : [`${code}_${action}`];
  if (!(await hasAnyCode(db, user, codes))) throw forbidden('没有权限');
}

export function docEntity(d: DocRow & { partyName?: string | null }, today: string): ArDoc {
  const open = new Decimal(d.amount).minus(d.settled);
  return {
    id: d.id,
    orderNo: d.orderNo,
    side: d.side,
    partyId: d.partyId,
    partyName: d.partyName ?? '',
    sourceType: d.sourceType,
    sourceId: d.sourceId,
    sourceNo: d.sourceNo,
    docDate: d.docDate,
    dueDate: d.dueDate,
    amount: m2(d.amount),
    // rows from before the tax columns: the whole amount as 不含税
    net: d.taxSource ? m2(d.net) : m2(d.amount),
    tax: d.taxSource ? m2(d.tax) : '0.00',
    taxRate: rateFixed(d.taxRate ?? '0', 4),
    taxSource:
      d.taxSource === 'document' || d.taxSource === 'template' || d.taxSource === 'config' ? d.taxSource : 'manual',
    settled: m2(d.settled),
    open: moneyFixed(open),
    overdueDays: open.gt(0) && d.state === 'reviewed' ? overdueDays(d.dueDate, today) : 0,
    settleState: new Decimal(d.amount).lt(0) ? 'settled' : settleState(d.amount, d.settled),
    state: d.state,
    summary: d.summary,
    remark: d.remark,
  };
}

/** Keys of a 收付款单 answer: the contract's (its table's generated row less the bookkeeping, plus joined fields). */
const CASH_KEYS = Object.keys(arCashSchema.shape);

/** A 收付款单 row as answered: every column the contract carries (a new column flows through), plus the joined names. */
export function cashEntity(
  c: CashRow & { partyName?: string | null; bankName?: string | null },
  tzTime: (d: Date) => string,
): ArCash {
  return {
    ...wireRow(arCash, c, CASH_KEYS, tzTime),
    partyName: c.partyName ?? '',
    bankName: c.bankName ?? '',
    unapplied: moneyFixed(new Decimal(c.amount).minus(c.applied)),
  } as ArCash;
}

/** 核销 lines touching a document or a cash record (also as refund), oldest first. */
export async function settleLines(
  ex: Executor,
  tenantId: string,
  by: 'doc' | 'cash',
  id: string,
): Promise<SettleLine[]> {
  const where = by === 'doc' ? sql`s.doc_id = ${id}` : sql`(s.cash_id = ${id} or s.refund_id = ${id})`;
  const list = await rows<{
    id: string;
    kind: string;
    doc_id: string | null;
    doc_no: string | null;
    cash_id: string | null;
    cash_no: string | null;
    amount: string;
    settle_date: string;
    is_void: number;
  }>(
    ex,
    sql`select s.id::text as id, s.kind, s.doc_id::text as doc_id, d.order_no as doc_no, coalesce(s.cash_id, s.transfer_id)::text as cash_id,
               coalesce(c.order_no, t.order_no, r.order_no) as cash_no, s.amount::text, s.settle_date, s.is_void
          from izs_ar_settle s
          left join izs_ar_doc d on d.id = s.doc_id
          left join izs_ar_cash c on c.id = s.cash_id
          left join izs_ar_cash r on r.id = s.refund_id
          left join izs_ar_transfer t on t.id = s.transfer_id
         where s.tenant_id = ${tenantId} and ${where}
         order by s.id`,
  );
  return list.map((l) => ({
    id: l.id,
    kind: l.kind,
    docId: l.doc_id,
    docNo: l.doc_no ?? '',
    cashId: l.cash_id,
    cashNo: l.cash_no ?? '',
    amount: m2(l.amount),
    settleDate: l.settle_date,
    isVoid: Number(l.is_void),
  }));
}
