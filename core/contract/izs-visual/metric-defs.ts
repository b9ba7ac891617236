/**
 * The named metrics of issue 21 (metrics.contract.ts explains them), zod-free: the home page shows their labels and
 * definitions on the first load after sign-in, without the contract's schemas. Re-exported by metrics.contract.ts.
 */

export interface MetricDef {
  /** Chinese label, with the 口径 when another figure of the same name counts differently */
  label: string;
  /** one line: what is counted, from which records, for which days */
  definition: string;
  unit: 'yuan' | 'kg';
  /** the list that explains the figure (its view grant and data scope decide whether and what the caller sees) */
  source: string;
}

const PURCHASE = 'statement_analysis_purchase_statement';
const SALE = 'statement_analysis_sale_statement';
const WEIGHING = 'supply_chain_weight_memo';

export const METRICS = {
  purchaseAmountToday: {
    label: '今日采购额',
    definition: '单据日期为今天的已审核采购入库的价税合计，减去今天的已审核采购退货',
    unit: 'yuan',
    source: PURCHASE,
  },
  purchaseAmountMonth: {
    label: '本月采购额',
    definition: '单据日期在本月的已审核采购入库的价税合计，减去本月的已审核采购退货',
    unit: 'yuan',
    source: PURCHASE,
  },
  purchaseNetToday: {
    label: '今日入库净重',
    definition: '单据日期为今天的已审核采购入库的净重，减去今天的已审核采购退货（单据口径）',
    unit: 'kg',
    source: PURCHASE,
  },
  saleAmountToday: {
    label: '今日销售额',
    definition: '单据日期为今天的已审核销售出库的价税合计减销售退货，加上今天的已审核直发单销售额',
    unit: 'yuan',
    source: SALE,
  },
  saleAmountMonth: {
    label: '本月销售额',
    definition: '单据日期在本月的已审核销售出库的价税合计减销售退货，加上本月的已审核直发单销售额',
    unit: 'yuan',
    source: SALE,
  },
  saleNetToday: {
    label: '今日出库净重',
    definition: '单据日期为今天的已审核销售出库的净重，减去今天的已审核销售退货（单据口径）',
    unit: 'kg',
    source: SALE,
  },
  weighInNetToday: {
    label: '今日过磅净重（采购）',
    definition: '今天完成的采购过磅单的净重合计（过磅口径：含尚未开单或未审核入库的磅单）',
    unit: 'kg',
    source: WEIGHING,
  },
  weighInAmountToday: {
    label: '今日过磅金额（采购）',
    definition: '今天完成的采购过磅单的金额合计（过磅口径：磅单上的单价 × 净重，不是入库单金额）',
    unit: 'yuan',
    source: WEIGHING,
  },
  weighOutNetToday: {
    label: '今日过磅净重（销售）',
    definition: '今天完成的销售过磅单的净重合计（过磅口径）',
    unit: 'kg',
    source: WEIGHING,
  },
  receivablesOpen: {
    label: '应收未收',
    definition: '已审核应收单的价税合计减已核销金额，合计到今天（不扣未核销的预收款）',
    unit: 'yuan',
    source: 'accounting_receivable_receivable_order',
  },
  payablesOpen: {
    label: '应付未付',
    definition: '已审核应付单的价税合计减已核销金额，合计到今天（不扣未核销的预付款）',
    unit: 'yuan',
    source: 'accounting_payable_payable_order',
  },
} as const satisfies Record<string, MetricDef>;

export type MetricName = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as MetricName[];

/** `title` text of a figure: 今日采购额：单据日期为今天的… */
export const metricHint = (name: MetricName) => `${METRICS[name].label}：${METRICS[name].definition}`;
