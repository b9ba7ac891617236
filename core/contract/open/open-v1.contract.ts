/**
 * The open platform's API, version 1 (issue 14): endpoints an integrator's app calls with an HMAC-SHA256 signature
 * (core/contract/open/signing.ts), under /api/open/v1. Each endpoint belongs to one API group (scope) an app must
 * hold; the OpenAPI 3.1 document (GET /api/open/v1/openapi.json, docs page /api/open/v1/docs) is generated from
 * these descriptors. Every refusal has its own code (OPEN_ERRORS). Money and weights are decimal strings.
 */
import { z } from 'zod';
import { type EndpointSpec, endpoint } from '../endpoint.ts';
import { pageLiteOf, paging } from '../fields.ts';
import { dayRangeMessage, isCalendarDay } from '../input.ts';

export const OPEN_V1 = '/api/open/v1';

/** API groups an app may be granted. */
export const OPEN_SCOPES = [
  { value: 'weighing', label: '磅单' },
  { value: 'stock', label: '出入库单据' },
  { value: 'material', label: '物料与价格' },
  { value: 'trace', label: '区块链溯源' },
  { value: 'webhook', label: '事件推送' },
] as const;
export type OpenScope = (typeof OPEN_SCOPES)[number]['value'];

/** Webhook events an app may subscribe to. */
export const OPEN_EVENTS = [
  { value: 'weighing.completed', label: '过磅完成' },
  { value: 'weighing.flagged', label: '异常过磅' },
  { value: 'out_stock.reviewed', label: '销售出库审核' },
  { value: 'in_stock.reviewed', label: '采购入库审核' },
  { value: 'collection.saved', label: '收款单保存' },
  { value: 'payment.saved', label: '付款单保存' },
  { value: 'invoice.recorded', label: '发票登记' },
  { value: 'trading_contract.signed', label: '贸易合同签署' },
  { value: 'ping', label: '测试推送' },
] as const;

/** Every refusal of an open call: HTTP status, code in the body, message. */
export const OPEN_ERRORS = {
  missingHeaders: { http: 401, code: 40100, msg: '缺少签名请求头（X-App-Key、X-Timestamp、X-Nonce、X-Signature）' },
  unknownApp: { http: 401, code: 40101, msg: '应用不存在（X-App-Key 无效）' },
  disabled: { http: 403, code: 40102, msg: '应用已停用' },
  ipDenied: { http: 403, code: 40103, msg: '调用方IP不在应用的白名单内' },
  staleTimestamp: { http: 401, code: 40104, msg: '时间戳超出允许范围（±5分钟）' },
  bodyHash: { http: 401, code: 40105, msg: '请求体摘要与 X-Content-SHA256 不符' },
  badSignature: { http: 401, code: 40106, msg: '签名错误' },
  nonceReused: { http: 401, code: 40107, msg: '随机数已使用（请求重放）' },
  outOfScope: { http: 403, code: 40301, msg: '应用未开通该接口分组' },
  rateLimited: { http: 429, code: 42901, msg: '调用过于频繁，请稍后再试' },
} as const;
export type OpenErrorKey = keyof typeof OPEN_ERRORS;

const dec = (places: number) =>
  z.string().regex(places ? new RegExp(`^-?\\d+\\.\\d{${places}}$`) : /^-?\d+$/, '数值格式不正确');
const money = dec(2);
const kg = dec(3);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为yyyy-MM-dd')
  .refine(isCalendarDay, { message: dayRangeMessage('日期') })
  .optional();
const pagingIn = paging({ size: 20, max: 200 });

export const openWeighing = z.object({
  orderNo: z.string(),
  orderType: z.string().describe('purchase 采购 | sale 销售 | transfer 调拨 | other 其他'),
  state: z.string().describe('completed 已完成 | voided 已作废'),
  carNumber: z.string(),
  partyName: z.string(),
  materialCode: z.string(),
  materialName: z.string(),
  grossWeight: kg.describe('毛重 kg'),
  tareWeight: kg.describe('皮重 kg'),
  deductionWeight: kg.describe('扣重 kg'),
  netWeight: kg.describe('净重 kg'),
  unitPrice: money.describe('磅单单价（过磅时的价格，未注明含税与否）'),
  amount: money.describe(
    '磅单估算金额：单价 × 净重，过磅时的估算，未区分不含税/税额；结算、应收应付、发票与凭证以出入库单据的 netAmount / taxAmount / grossAmount 为准',
  ),
  completeTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  stockOrderNo: z.string().describe('磅单生成的出入库单号（未生成时为空）'),
  stockOrderState: z.string().describe('该出入库单据的状态 draft | submitted | reviewed | voided（未生成单据时为空）'),
  netAmount: money
    .nullable()
    .describe('该出入库单据存储的不含税金额（与 stock-documents 的 netAmount 相同；未生成单据时为 null）'),
  taxAmount: money.nullable().describe('该出入库单据存储的税额（未生成单据时为 null）'),
  grossAmount: money
    .nullable()
    .describe('该出入库单据存储的价税合计（应收/应付、发票与凭证按此数字；未生成单据时为 null）'),
  tracePath: z.string().describe('公开溯源页路径（带不可猜测的校验码 ?t=；未上链时为空）'),
});

export const openStockDoc = z.object({
  orderNo: z.string(),
  docType: z
    .string()
    .describe('in_stock | out_stock | purchase_return | sale_return | assembly | disassembly | conversion'),
  state: z.string().describe('draft | submitted | reviewed | voided'),
  orderDate: z.string(),
  partyName: z.string(),
  warehouseName: z.string(),
  totalQty: kg,
  totalAmount: money.describe('明细录入金额（amount）之和：含税价录入时为价税合计，不含税价录入时为不含税金额'),
  netAmount: money.describe('不含税金额（单据保存时存储的数字）'),
  taxAmount: money.describe('税额（单据保存时存储的数字）'),
  grossAmount: money.describe('价税合计（单据保存时存储的数字；应收/应付、发票与凭证按此数字）'),
  reviewTime: z.string(),
  lines: z.array(
    z.object({
      materialCode: z.string(),
      materialName: z.string(),
      qty: kg,
      unitPrice: money,
      amount: money.describe('数量 × 单价（按 priceIncludesTax 为含税或不含税金额）'),
      taxRate: z.string().describe('税率（%），如 13.00、9.00、0.00'),
      priceIncludesTax: z.boolean().describe('单价是否含税'),
      netAmount: money.describe('不含税金额（存储的数字）'),
      taxAmount: money.describe('税额（存储的数字）'),
      grossAmount: money.describe('价税合计（存储的数字）'),
    }),
  ),
});

export const openMaterial = z.object({
  code: z.string(),
  name: z.string(),
  spec: z.string(),
  priceUnit: z.string(),
  defaultPrice: money,
  purchasePrice: money.nullable().describe('今日有效的通用采购价'),
  salePrice: money.nullable().describe('今日有效的通用销售价'),
});

export const OPEN_API = {
  weighingOrders: endpoint({
    method: 'GET',
    path: `${OPEN_V1}/weighing-orders`,
    summary: '已完成的磅单（按完成日期）',
    query: z.object({ beginDate: day, endDate: day, ...pagingIn }),
    answer: pageLiteOf(openWeighing),
    isPublic: true,
  }),
  stockDocuments: endpoint({
    method: 'GET',
    path: `${OPEN_V1}/stock-documents`,
    summary: '出入库单据及明细（按单据日期）',
    query: z.object({
      docType: z.string().max(24).optional(),
      state: z.enum(['draft', 'submitted', 'reviewed', 'voided'], { error: '单据状态不正确' }).optional(),
      beginDate: day,
      endDate: day,
      ...pagingIn,
    }),
    answer: pageLiteOf(openStockDoc),
    isPublic: true,
  }),
  materials: endpoint({
    method: 'GET',
    path: `${OPEN_V1}/materials`,
    summary: '物料及今日通用采购价、销售价',
    query: z.object({ keyword: z.string().max(50).optional(), ...pagingIn }),
    answer: pageLiteOf(openMaterial),
    isPublic: true,
  }),
  trace: endpoint({
    method: 'GET',
    path: `${OPEN_V1}/trace`,
    summary: '单据的上链记录（与公开溯源页相同的数据，data 为对象）',
    query: z.object({
      orderType: z.string().min(1, '请填写单据类型').max(32),
      orderNo: z.string().min(1, '请填写单据编号').max(64),
    }),
    answer: z.object({
      blockNumber: z.number().int(),
      blockHash: z.string(),
      transactionHash: z.string(),
      fields: z.array(z.object({ name: z.string(), key: z.string(), value: z.string() })),
      events: z.array(z.object({ event: z.string(), time: z.string(), blockNumber: z.number().int() })),
    }),
    isPublic: true,
  }),
  webhookPing: endpoint({
    method: 'POST',
    path: `${OPEN_V1}/webhooks/ping`,
    summary: '向本应用的回调地址发送一条测试推送（ping 事件）',
    body: z.object({ message: z.string().max(200, '消息不能超过200字').default('ping') }),
    answer: z.object({ deliveryId: z.string() }),
    isPublic: true,
  }),
};

/** The API group each open endpoint belongs to. */
export const OPEN_ENDPOINT_SCOPES: Record<string, OpenScope> = {
  [`GET ${OPEN_API.weighingOrders.path}`]: 'weighing',
  [`GET ${OPEN_API.stockDocuments.path}`]: 'stock',
  [`GET ${OPEN_API.materials.path}`]: 'material',
  [`GET ${OPEN_API.trace.path}`]: 'trace',
  [`POST ${OPEN_API.webhookPing.path}`]: 'webhook',
};

export const openScopeOf = (e: Pick<EndpointSpec, 'method' | 'path'>): OpenScope | undefined =>
  OPEN_ENDPOINT_SCOPES[`${e.method} ${e.path}`];
