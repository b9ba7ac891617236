/**
 * 收款单 / 付款单 / 收款退款 / 付款退款 on the engine's list page (issue 23): the columns (list and detail), the search
 * and the form fields of the cash records, beside their screens. The data is the receivables module's own
 * `cash/page` and `cash/detail` (the resource path `/api/izs-finance-ar/cash`); the record is saved by
 * `cash/create` / `cash/refund` from the cash dialog (cash-list.tsx), which draws the fields it lays out by hand
 * and every other form field below through the resource form.
 *
 * A new field of 收款单: its column in server/db/schema/finance-ar.ts (`npm run db:generate`), then one line in
 * `columns` (list and detail) and one in `form` here.
 */
import {
  type ArCash,
  arCashSchema,
  cashBody,
  cashQuery,
  refundBody,
} from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { ARAP, ARAP_CODES, METHOD_NAMES, type Side, STATE_NAMES } from '../../core/contract/izs-finance-ar/fields.ts';
import { CUSTOMER_SELECT, SUPPLIER_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { type ColumnDef, defineResource, type FormFieldDef, type Option } from '../../core/contract/resource.ts';
import { WORDS } from './arap-common.tsx';

export type CashKind = 'collection' | 'payment' | 'refund';

const options = (names: Record<string, string>): { options: Option[] } => ({
  options: Object.entries(names).map(([value, label]) => ({ value, label })),
});

function cashResource(side: Side, refund: boolean) {
  const w = WORDS[side];
  const party = side === 'ar' ? CUSTOMER_SELECT : SUPPLIER_SELECT;
  // at 1440 px the columns up to 方式 fit beside the 175 px action column; 账户 and 手续费 are scrolled to
  const columns: ColumnDef<ArCash>[] = [
    { field: 'orderNo', label: '单号', kind: 'code', width: 155 },
    { field: 'partyId', label: w.party, kind: 'select', labelField: 'partyName', options: party, width: 160 },
    { field: 'cashDate', label: '日期', kind: 'date', width: 120 },
    { field: 'amount', label: '金额', kind: 'money', width: 110 },
    { field: 'applied', label: refund ? '已扣减' : '已核销', kind: 'money', width: 110 },
    ...(refund
      ? []
      : [{ field: 'unapplied', label: `未核销（${w.advance}）`, kind: 'money', width: 135 } as ColumnDef<ArCash>]),
    { field: 'state', label: '状态', kind: 'select', options: options(STATE_NAMES), width: 75 },
    { field: 'method', label: '方式', kind: 'select', options: options(METHOD_NAMES), width: 95 },
    { field: 'bankName', label: '账户', kind: 'text', emptyText: '现金', width: 180 },
    { field: 'fee', label: '手续费', kind: 'money', width: 90 },
    { field: 'remark', label: '备注', kind: 'text', width: 160, hideInTable: true },
  ];
  const form: FormFieldDef<Record<string, unknown>>[] = [
    { field: 'partyId', label: w.party, kind: 'select', required: true, options: party },
    { field: 'cashDate', label: refund ? '退款日期' : `${w.money}日期`, kind: 'date', required: true },
    { field: 'amount', label: '金额（元）', kind: 'money', required: true },
    ...(refund
      ? []
      : [{ field: 'fee', label: '手续费（元）', kind: 'money' } as FormFieldDef<Record<string, unknown>>]),
    { field: 'accountType', label: '账户类型', kind: 'select', required: true },
    { field: 'bankId', label: '银行账户', kind: 'select', required: true },
    { field: 'method', label: `${w.money}方式`, kind: 'select', required: true, options: options(METHOD_NAMES) },
    { field: 'remark', label: '备注', kind: 'text' },
  ];
  return defineResource({
    name: refund ? `arap-refund-${side}` : side === 'ar' ? 'arap-collection' : 'arap-payment',
    title: refund ? w.refund : w.cash,
    service: 'izs-finance-ar',
    path: `${ARAP}/cash`,
    permission: (refund ? ARAP_CODES.refund : ARAP_CODES.cash)[side],
    schemas: { entity: arCashSchema, form: refund ? refundBody : cashBody, query: cashQuery },
    scope: 'dept',
    labelField: 'orderNo',
    columns,
    search: [{ field: 'partyId', label: w.party, kind: 'select', options: party }],
    form,
  });
}

/** The four lists: by side, cash or refund. */
export const CASH_RESOURCES = {
  ar: { cash: cashResource('ar', false), refund: cashResource('ar', true) },
  ap: { cash: cashResource('ap', false), refund: cashResource('ap', true) },
};

/** Fields the cash dialog and the detail page lay out by hand; every other form field / column is drawn generically. */
export const HAND_DRAWN_FORM = new Set([
  'partyId',
  'cashDate',
  'amount',
  'fee',
  'accountType',
  'bankId',
  'method',
  'remark',
]);
export const HAND_DRAWN_DETAIL = new Set([
  'orderNo',
  'partyId',
  'cashDate',
  'bankName',
  'method',
  'amount',
  'fee',
  'applied',
  'unapplied',
  'state',
]);
