import { useMemo } from 'react';
import { type Row, refOf, useResourceListQuery } from '../../../core/api/crud.api.ts';
import { useStockInventoryPageQuery } from '../../../core/api/izs-stock.api.ts';
import { materialResource } from '../../../core/contract/izs-base/material.contract.ts';
import { MATERIAL_SELECT, WAREHOUSE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { DIRECTIONS } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { formatDecimal, kgToTonnes } from '../../../core/format/decimal.ts';
import { AllocationError, allocate } from '../../../core/stock/allocation.ts';
import { lineAmount, priceUnitOf, sum } from '../../../core/stock/amount.ts';
import { lineTaxFigures } from '../../../core/stock/tax-basis.ts';
import type { LinesSpec } from '../../../features/crud/document-list-page.tsx';
import type { LineColumn } from '../../../features/crud/lines-editor.tsx';

/**
 * The lines of the izs-stock documents (stock-order / trade-order contracts) and their live figures: amount =
 * qty × price per the material's price unit (core/stock/amount.ts, the server's rule), totals in kg and t, and
 * for production documents the input cost shared over the outputs (core/stock/allocation.ts).
 */

const DEC = /^\d+(\.\d+)?$/;
const num = (v: unknown) => (typeof v === 'string' && DEC.test(v) ? v : '0');

/** materialId → price unit ('t' | 'kg'), from the material list. */
function usePriceUnits(): Record<string, 't' | 'kg'> {
  const q = useResourceListQuery({ ref: refOf(materialResource), params: {} });
  return useMemo(() => {
    const out: Record<string, 't' | 'kg'> = {};
    for (const m of q.data ?? []) out[String(m.id)] = priceUnitOf(m.priceUnit as string);
    return out;
  }, [q.data]);
}

const material: LineColumn = {
  field: 'materialId',
  label: '物料',
  kind: 'select',
  options: MATERIAL_SELECT,
  labelField: 'materialName',
  required: true,
  width: 200,
};
const warehouse: LineColumn = {
  field: 'warehouseId',
  label: '仓库',
  kind: 'select',
  options: WAREHOUSE_SELECT,
  labelField: 'warehouseName',
  placeholder: '同表头仓库',
  width: 170,
};
const remark: LineColumn = { field: 'remark', label: '备注', kind: 'text' };

function amountOf(units: Record<string, 't' | 'kg'>) {
  return (l: Row) => formatDecimal(lineAmount(num(l.qty), num(l.unitPrice), units[String(l.materialId)] ?? 't'));
}

/** Issue 21: 1 = the unit price is 含税. */
export const PRICE_BASES = [
  { label: '含税', value: 1 },
  { label: '不含税', value: 0 },
];

/** 价税合计 of a line once its rate is filled (core/stock/tax-basis.ts, the server's rule); blank: the default applies. */
function grossOf(units: Record<string, 't' | 'kg'>) {
  return (l: Row) => {
    if (!DEC.test(String(l.taxRate ?? ''))) return '';
    const amount = lineAmount(num(l.qty), num(l.unitPrice), units[String(l.materialId)] ?? 't');
    const incl = String(l.priceIncludesTax ?? '0') === '1';
    return formatDecimal(lineTaxFigures({ amount, ratePercent: String(l.taxRate), priceIncludesTax: incl }).gross);
  };
}

function Totals({ lines, amount }: { lines: Row[]; amount?: (l: Row) => string }) {
  const qty = sum(
    lines.map((l) => num(l.qty)),
    3,
  );
  return (
    <span data-testid="lines-total">
      合计数量 <b>{formatDecimal(qty, 3)}</b> kg（{kgToTonnes(qty)} t）
      {amount && (
        <>
          {'　'}合计金额 <b>{formatDecimal(sum(lines.map((l) => amount(l).replace(/,/g, ''))))}</b> 元
        </>
      )}
    </span>
  );
}

/** In-stock, out-stock and returns: material, warehouse, qty (kg), unit price, amount. */
export const STOCK_LINES: LinesSpec = {
  useColumns: () => {
    const units = usePriceUnits();
    return [
      material,
      warehouse,
      { field: 'qty', label: '数量(kg)', kind: 'weight', decimals: 3, required: true, width: 130 },
      { field: 'unitPrice', label: '单价', kind: 'money', decimals: 2, width: 130 },
      { field: 'amount', label: '金额', kind: 'money', width: 120, compute: amountOf(units) },
      { field: 'taxRate', label: '税率(%)', kind: 'rate', decimals: 2, placeholder: '默认', width: 90 },
      {
        field: 'priceIncludesTax',
        label: '单价含税',
        kind: 'select',
        options: { options: PRICE_BASES },
        placeholder: '默认',
        width: 100,
      },
      { field: 'grossAmount', label: '价税合计', kind: 'money', width: 120, compute: grossOf(units) },
      remark,
    ];
  },
  Summary: function StockSummary({ lines }) {
    return <Totals lines={lines} amount={amountOf(usePriceUnits())} />;
  },
};

/** Purchase / sale orders: material, planned qty, unit price, amount. */
export const TRADE_LINES: LinesSpec = {
  useColumns: () => {
    const units = usePriceUnits();
    return [
      material,
      { field: 'qty', label: '计划数量(kg)', kind: 'weight', decimals: 3, required: true, width: 140 },
      { field: 'unitPrice', label: '单价', kind: 'money', decimals: 2, width: 130 },
      { field: 'amount', label: '金额', kind: 'money', width: 120, compute: amountOf(units) },
      remark,
    ];
  },
  Summary: function TradeSummary({ lines }) {
    return <Totals lines={lines} amount={amountOf(usePriceUnits())} />;
  },
};

/** The allocation preview of a production document: the input cost estimated at the current average. */
function AllocationPreview({ header, lines }: { header: Row; lines: Row[] }) {
  const inputs = lines.filter((l) => l.direction === 'out');
  const outputs = lines.filter((l) => l.direction === 'in');
  const first = inputs[0];
  const stock = useStockInventoryPageQuery(
    {
      materialId: String(first?.materialId ?? ''),
      warehouseId: String(first?.warehouseId || header.warehouseId || ''),
      current: 1,
      size: 1,
    },
    { skip: !first?.materialId || !(first?.warehouseId || header.warehouseId) },
  );
  const row = stock.data?.records[0];
  const inQty = sum(
    inputs.map((l) => num(l.qty)),
    3,
  );
  const outQty = sum(
    outputs.map((l) => num(l.qty)),
    3,
  );
  const cost = row ? formatDecimal(lineAmount(inQty, row.unitCost, 'kg')).replace(/,/g, '') : '0.00';
  const byRatio = header.allocMethod === 'ratio';
  let shares: string[] = [];
  let error = '';
  try {
    if (
      outputs.length &&
      sum(
        outputs.map((l) => num(byRatio ? l.ratio : l.qty)),
        4,
      ) !== '0.0000'
    ) {
      const weights = outputs.map((l) => num(byRatio ? l.ratio : l.qty));
      shares = allocate(cost, weights);
      const pct = allocate('100', weights);
      shares = shares.map((s, i) => `${formatDecimal(s)} 元（${pct[i]}%）`);
    }
  } catch (e) {
    error = e instanceof AllocationError ? e.message : '无法分摊';
  }
  const loss = sum([inQty, `-${outQty}`], 3);
  return (
    <div className="ly-alloc" data-testid="alloc-preview">
      <div>
        投入 <b>{formatDecimal(inQty, 3)}</b> kg，产出 <b>{formatDecimal(outQty, 3)}</b> kg，损耗{' '}
        <b>{formatDecimal(loss, 3)}</b> kg；投入成本预估 <b>{formatDecimal(cost)}</b> 元
        {row ? `（当前均价 ${formatDecimal(row.unitCost, 4)} 元/kg）` : '（无库存均价）'}
      </div>
      {error ? (
        <div className="ly-crud-error">{error}</div>
      ) : (
        outputs.map((_l, i) => (
          // outputs are unsaved lines: their position is their identity
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={i} data-testid={`alloc-${i}`}>
            产出{i + 1}：{shares[i]}
          </div>
        ))
      )}
    </div>
  );
}

/** Assembly / disassembly / conversion: inputs (出库) and outputs (入库), ratio when allocating by ratio. */
export const PRODUCTION_LINES: LinesSpec = {
  initial: 2,
  useColumns: (header) => [
    {
      field: 'direction',
      label: '方向',
      kind: 'select',
      options: { options: DIRECTIONS },
      required: true,
      width: 130,
      initial: (i) => (i === 0 ? 'out' : 'in'),
    },
    material,
    warehouse,
    { field: 'qty', label: '数量(kg)', kind: 'weight', decimals: 3, required: true, width: 130 },
    { field: 'ratio', label: '分摊比例', kind: 'qty', decimals: 4, width: 110, hidden: header.allocMethod !== 'ratio' },
    remark,
  ],
  Summary: AllocationPreview,
};
