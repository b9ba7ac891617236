/**
 * Document numbers of DESIGN §5, for every kind of the house: prefix + yyyyMMdd + a daily sequence per tenant and
 * kind. This is the ONE prefix table (no two kinds share a prefix — order-no.test.ts); the server draws the
 * sequence with `drawOrderNo` (server/platform/numbering.ts) from a row locked in the document's own transaction.
 * This file is only the table, the format and its parse.
 */
export const ORDER_KINDS = {
  // stock (izs-stock, izs-weighing-order)
  weighing: { prefix: 'GB', title: '磅单' },
  purchaseOrder: { prefix: 'CG', title: '采购订单' },
  inStock: { prefix: 'RK', title: '入库单' },
  outStock: { prefix: 'CK', title: '出库单' },
  saleOrder: { prefix: 'XS', title: '销售订单' },
  purchaseReturn: { prefix: 'CT', title: '采购退货单' },
  saleReturn: { prefix: 'XT', title: '销售退货单' },
  assembly: { prefix: 'ZZ', title: '组装单' },
  disassembly: { prefix: 'CF', title: '拆卸单' },
  conversion: { prefix: 'ZH', title: '形态转换单' },
  dropShipping: { prefix: 'ZF', title: '直发单' },
  // base data (izs-base, blade-system)
  stockWeigh: { prefix: 'KC', title: '库存磅单' },
  /** three digits: BJ + yyyyMMdd + 001…999 (the thousandth of a day is refused) */
  materialQuote: { prefix: 'BJ', title: '报价单', width: 3 },
  // contracts and supply-chain finance (izs-contract, izs-scf)
  tradingContract: { prefix: 'HT', title: '贸易合同' },
  supplierContract: { prefix: 'GH', title: '供货合同' },
  project: { prefix: 'XM', title: '项目' },
  siteOrder: { prefix: 'XC', title: '现场订单' },
  financeContract: { prefix: 'RZ', title: '融资合同' },
  goldCert: { prefix: 'JD', title: '金单' },
  // receivables and payables (izs-finance-ar)
  receivable: { prefix: 'YS', title: '应收单' },
  payable: { prefix: 'YF', title: '应付单' },
  collection: { prefix: 'SK', title: '收款单' },
  payment: { prefix: 'FK', title: '付款单' },
  refundAr: { prefix: 'TK', title: '退款单（应收）' },
  refundAp: { prefix: 'TS', title: '退款单（应付）' },
  offset: { prefix: 'DC', title: '应收应付对冲' },
  transfer: { prefix: 'DB', title: '资金调拨' },
  // logistics (izs-logistical). Until issue 23 运输单 were YS + count(*)+1 — the 应收单's prefix, and racy;
  // the YS… transport orders already issued keep their numbers.
  transportOrder: { prefix: 'YD', title: '运输单' },
  // the weighbridge's unattended lane (izs-weighing-order, issue 24)
  dispatchSlip: { prefix: 'PC', title: '派车单' },
} as const satisfies Record<string, { prefix: string; title: string; width?: number }>;

export type OrderKind = keyof typeof ORDER_KINDS;

/** kind → prefix. */
export const ORDER_PREFIX = Object.fromEntries(Object.entries(ORDER_KINDS).map(([k, v]) => [k, v.prefix])) as {
  [K in OrderKind]: (typeof ORDER_KINDS)[K]['prefix'];
};

const widthOf = (kind: OrderKind): number | undefined => (ORDER_KINDS[kind] as { width?: number }).width;

/** Digits of the sequence (4 unless the kind says; a 4-digit kind grows a fifth digit past 9999). */
export const orderNoWidth = (kind: OrderKind): number => widthOf(kind) ?? 4;

/** Whether the kind's width is a hard limit (its numbers have exactly `width` digits). */
export const orderNoFixedWidth = (kind: OrderKind): boolean => widthOf(kind) !== undefined;

/** `day` is the business date `YYYY-MM-DD` in the tenant's time zone; `seq` starts at 1. */
export function formatOrderNo(kind: OrderKind, day: string, seq: number, width = orderNoWidth(kind)): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad day ${day}`);
  if (!Number.isInteger(seq) || seq < 1) throw new Error(`bad sequence ${seq}`);
  return `${ORDER_PREFIX[kind]}${day.replaceAll('-', '')}${String(seq).padStart(width, '0')}`;
}

export function parseOrderNo(no: string): { kind: OrderKind; day: string; seq: number } | null {
  const m = /^([A-Z]{2})(\d{4})(\d{2})(\d{2})(\d{3,})$/.exec(no);
  if (!m) return null;
  const kind = (Object.keys(ORDER_PREFIX) as OrderKind[]).find((k) => ORDER_PREFIX[k] === m[1]);
  if (!kind || m[5].length < orderNoWidth(kind)) return null;
  if (orderNoFixedWidth(kind) && m[5].length !== orderNoWidth(kind)) return null;
  return { kind, day: `${m[2]}-${m[3]}-${m[4]}`, seq: Number(m[5]) };
}
