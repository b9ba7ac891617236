/** Fields of the trading contract editor (header) and its lines (issue 12). */
import Decimal from 'decimal.js';
import { PRICE_TYPES, SIDES, TOLERANCE_OPTIONS, WEIGHT_BASES } from '../../core/contract/izs-contract/fields.ts';
import { CUSTOMER_SELECT, MATERIAL_SELECT, SUPPLIER_SELECT } from '../../core/contract/izs-stock/fields.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { moneyFixed } from '../../core/format/amounts.ts';
import type { LineColumn } from '../../features/crud/lines-editor.tsx';

type F = FormFieldDef<Record<string, unknown>>;

export function headerFields(side: unknown): F[] {
  return [
    { field: 'title', label: '合同名称', kind: 'text', required: true },
    { field: 'side', label: '合同方向', kind: 'select', required: true, options: { options: [...SIDES] } },
    {
      field: 'partyId',
      label: side === 'purchase' ? '供应商' : '客户',
      kind: 'select',
      required: true,
      options: side === 'purchase' ? SUPPLIER_SELECT : CUSTOMER_SELECT,
    },
    { field: 'signDate', label: '签订日期', kind: 'date', required: true },
    { field: 'deliveryStart', label: '交货开始日期', kind: 'date', required: true },
    { field: 'deliveryEnd', label: '交货截止日期', kind: 'date', required: true },
    { field: 'deliveryPlace', label: '交货地点', kind: 'text' },
    { field: 'weightBasis', label: '结算重量依据', kind: 'select', options: { options: WEIGHT_BASES } },
    { field: 'tolerancePct', label: '溢短装(±%)', kind: 'rate', decimals: 2 },
    { field: 'toleranceOption', label: '溢短装选择方', kind: 'select', options: { options: TOLERANCE_OPTIONS } },
    { field: 'prepaymentPct', label: '预付比例(%)', kind: 'rate', decimals: 2 },
    { field: 'balanceDays', label: '尾款账期(天)', kind: 'number' },
    { field: 'deductions', label: '质量扣款条款', kind: 'textarea', span: 2 },
    { field: 'attachments', label: '附件', kind: 'file', span: 2 },
    { field: 'remark', label: '备注', kind: 'textarea', span: 2 },
  ];
}

const price = (l: Record<string, unknown>) => {
  const d = (v: unknown) => {
    try {
      return new Decimal(String(v ?? '') || 0);
    } catch {
      return new Decimal(0);
    }
  };
  return l.priceType === 'pricing' ? d(l.refPrice).plus(d(l.premium)) : d(l.unitPrice);
};

export const LINE_COLUMNS: LineColumn[] = [
  { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT, required: true, width: 150 },
  { field: 'qty', label: '数量(吨)', kind: 'qty', decimals: 3, required: true, width: 110 },
  {
    field: 'priceType',
    label: '计价方式',
    kind: 'select',
    options: { options: PRICE_TYPES },
    width: 100,
    initial: () => 'fixed',
  },
  { field: 'unitPrice', label: '固定单价(元/吨)', kind: 'money', decimals: 2, width: 120 },
  { field: 'refName', label: '点价基准', kind: 'text', width: 120 },
  { field: 'refDate', label: '点价日期', kind: 'date', width: 130 },
  { field: 'refPrice', label: '基准价', kind: 'money', decimals: 2, width: 110 },
  { field: 'premium', label: '升贴水', kind: 'money', decimals: 2, width: 100 },
  {
    field: 'amount',
    label: '金额',
    kind: 'money',
    width: 120,
    compute: (l) => {
      try {
        return moneyFixed(price(l).times(String(l.qty ?? '') || 0));
      } catch {
        return '0.00';
      }
    },
  },
];
