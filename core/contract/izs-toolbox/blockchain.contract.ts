/**
 * Trace chain endpoints (spec §7.8, issue 14). The order lookup is public (the trace page of a QR code needs no
 * sign-in) but an anonymous caller must bring the record's unguessable token `t` (the QR link carries it): the order
 * number alone opens nothing; a signed-in caller looks up by number in its tenant (spec §7.8). Its `data` is a JSON
 * string (core/trace/answer.ts, with `link`: the public path with the token). An order with no chained record
 * answers code 400 with 未找到该单据的上链记录 (the dialog logs it and shows 暂无数据, spec §7.10).
 *
 *   GET  /api/izs-toolbox/blockchain/transaction-by-order-no   orderType, orderNo, t? → string
 *   GET  /api/izs-toolbox/blockchain/trace-link                orderType, orderNo → { path } (signed in; QR codes)
 *   GET  /api/izs-toolbox/blockchain/verify                    → ChainVerify (open_chain view; the tenant's chain)
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const TB = '/api/izs-toolbox/blockchain';

export const chainVerify = z.object({
  ok: z.boolean(),
  chain: z.string(),
  blocks: z.number().int(),
  txs: z.number().int(),
  /** Height of the first broken block (null: the chain checks out). */
  brokenHeight: z.number().int().nullable(),
  reason: z.string(),
  checkedAt: z.string(),
});
export type ChainVerify = z.infer<typeof chainVerify>;

export const BLOCKCHAIN = {
  transactionByOrderNo: endpoint({
    method: 'GET',
    path: `${TB}/transaction-by-order-no`,
    summary: '按单据编号查询上链信息（data 为 JSON 字符串：transactionReceipt、methodArgs.structFields）',
    query: z.object({
      orderType: z.string().trim().min(1, '请填写单据类型').max(32, '单据类型过长'),
      orderNo: z.string().trim().min(1, '请填写单据编号').max(64, '单据编号过长'),
      t: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{22}$/, '溯源链接无效，请扫描单据上的二维码')
        .optional(),
    }),
    answer: z.string(),
    isPublic: true,
    silent: true,
  }),
  traceLink: endpoint({
    method: 'GET',
    path: `${TB}/trace-link`,
    summary: '单据的公开溯源链接（带不可猜测的校验码，供二维码使用；未上链时 path 为 null）',
    query: z.object({
      orderType: z.string().trim().min(1, '请填写单据类型').max(32, '单据类型过长'),
      orderNo: z.string().trim().min(1, '请填写单据编号').max(64, '单据编号过长'),
    }),
    answer: z.object({ path: z.string().nullable() }),
  }),
  verify: endpoint({
    method: 'GET',
    path: `${TB}/verify`,
    summary: '校验本租户的溯源链（逐块重算哈希，指出第一个被改动的区块）',
    answer: chainVerify,
    permission: { code: 'open_chain', action: 'view' },
    provides: ['ChainVerify'],
  }),
};
