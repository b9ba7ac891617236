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
  // chained by the contracts and receivables areas (issues 11, 12)
  contract: '合同',
  trading_contract: '贸易合同',
  purchase_contract: '采购合同',
  sale_contract: '销售合同',
  financing_contract: '融资合同',
  gold_bill: '金单',
  collection: '收款单',
  payment: '付款单',
  receipt: '收款单',
  invoice_in: '进项发票',
  invoice_out: '销项发票',
  invoice: '发票',
};

export const TRACE_EVENTS: Record<string, string> = {
  completed: '过磅完成',
  // issue 24: 异常过磅 opened by a capture's flags, released by a supervisor
  flagged: '异常过磅',
  released: '异常放行',
  // issue 24: the driver's e-ticket of a completed weighing (its public trace link)
  eticket: '电子磅单',
  reviewed: '审核',
  voided: '作废',
  signed: '签署',
  saved: '保存',
  recorded: '登记',
  received: '收款',
  paid: '付款',
  executed: '执行完毕',
};

/** 销售出库 / 合同 … (the kind's key itself when unknown). */
export const traceKindLabel = (orderType: string) => TRACE_ORDER_TYPES[orderType] ?? orderType;
/** 审核 / 签署 … (the event's key itself when unknown). */
export const traceEventLabel = (event: string) => TRACE_EVENTS[event] ?? event;

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
  contractNo: '合同编号',
  contractTitle: '合同名称',
  signDate: '签订日期',
  signer: '签署人',
  printedHash: '合同文本SHA-256',
  direction: '发票方向',
  invoiceNo: '发票号码',
  sellerName: '销售方',
  purchaserName: '购买方',
  taxAmount: '税额',
  taxAndAmount: '价税合计',
  fee: '手续费',
  method: '结算方式',
  settled: '已核销金额',
  reason: '作废原因',
  title: '合同名称',
  side: '合同方向',
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

/**
 * The public trace link of an order (relative; the page and the QR code prefix the origin): spec §2.2's
 * /blockchain-info/{orderType}/{orderNo} with the record's unguessable token `?t=` — the public page opens a record
 * only by its token (server/platform/trace-chain/link.ts); the server answers the path, clients never build it.
 */
export function tracePath(orderType: string, orderNo: string, token: string): string {
  return `/blockchain-info/${encodeURIComponent(orderType)}/${encodeURIComponent(orderNo)}?t=${encodeURIComponent(token)}`;
}

/** The token a trace link carries: 128 bits base64url (22 characters). */
export const TRACE_TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;
