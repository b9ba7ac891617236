/**
 * Names on the trace page and in the 上链信息 dialog: the kinds of chained orders (the `orderType` of
 * /blockchain-info/{orderType}/{orderNo}), the events, and the labels of the business fields (in display order).
 */
import type { Fields } from './chain-hash.ts';

export const TRACE_ORDER_TYPES: Record<string, string> = {
  weighing: '磅单',
  in_stock: '采购入库',
  out_stock: '销售出库',
  purchase_return: '采购退货',
  sale_return: '销售退货',
  assembly: '组装单',
  disassembly: '拆解分拣单',
  conversion: '转换记录',
  purchase_order: '采购订单',
  sale_order: '销售订单',
  drop_shipping: '直发单',
  trading_contract: '贸易合同',
};

export const TRACE_EVENTS: Record<string, string> = {
  completed: '过磅完成',
  reviewed: '审核',
  voided: '作废',
  signed: '签署',
};

/** Field key → label, in the order the table shows them; keys not listed follow in their own order. */
export const TRACE_FIELD_LABELS: Record<string, string> = {
  orderNo: '单据编号',
  orderType: '单据类型',
  event: '上链事件',
  eventTime: '事件时间',
  operator: '操作人',
  state: '状态',
  bizType: '业务类型',
  orderDate: '单据日期',
  carNumber: '车牌号',
  partyName: '往来单位',
  supplierName: '供应商',
  customerName: '客户',
  materialName: '物料',
  warehouseName: '仓库',
  weighbridgeName: '地磅',
  firstTime: '一次过磅时间',
  secondTime: '二次过磅时间',
  grossWeight: '毛重(kg)',
  tareWeight: '皮重(kg)',
  deductionWeight: '扣重(kg)',
  netWeight: '净重(kg)',
  unitPrice: '单价',
  amount: '金额',
  totalQty: '合计数量(kg)',
  totalAmount: '合计金额',
  totalCost: '成本金额',
  purchaseQty: '采购数量(kg)',
  purchaseAmount: '采购金额',
  saleQty: '销售数量(kg)',
  saleAmount: '销售金额',
  stockOrderNo: '出入库单号',
  sourceNo: '来源单号',
  reason: '作废原因',
  title: '合同名称',
  side: '合同方向',
  signDate: '签订日期',
  signerName: '签署人',
  provider: '签署服务',
  docHash: '合同文本SHA-256',
};

/** `line3` → 明细3. */
const labelOf = (key: string) => TRACE_FIELD_LABELS[key] ?? (/^line\d+$/.test(key) ? `明细${key.slice(4)}` : key);

/** The field table of spec §2.12 (`methodArgs.structFields`): label, key and value, in display order. */
export function structFieldsOf(fields: Fields): { name: string; key: string; value: string }[] {
  const order = Object.keys(TRACE_FIELD_LABELS);
  const rank = (k: string) => {
    const i = order.indexOf(k);
    if (i >= 0) return i;
    const m = /^line(\d+)$/.exec(k);
    return m ? order.length + Number(m[1]) : order.length + 10_000;
  };
  return Object.keys(fields)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => ({ name: labelOf(key), key, value: fields[key] }));
}

/** The public trace link of an order (relative; the page and the QR code prefix the origin). */
export function tracePath(orderType: string, orderNo: string, tenantId?: string): string {
  const p = `/blockchain-info/${encodeURIComponent(orderType)}/${encodeURIComponent(orderNo)}`;
  return tenantId ? `${p}?tenantId=${encodeURIComponent(tenantId)}` : p;
}
