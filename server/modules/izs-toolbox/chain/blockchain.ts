/**
 * GET /api/izs-toolbox/blockchain/transaction-by-order-no (public with the record's token, else signed in; spec
 * §7.8), GET …/blockchain/trace-link (the tokened public path for QR codes) and GET …/blockchain/verify
 * (open_chain view): the trace chain's answers (server/platform/trace-chain). Contract:
 * core/contract/izs-toolbox/blockchain.contract.ts; answer shape: core/trace/answer.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BLOCKCHAIN } from '../../../../core/contract/izs-toolbox/blockchain.contract.ts';
import type { TraceData } from '../../../../core/trace/answer.ts';
import { structFieldsOf } from '../../../../core/trace/fields.ts';
import type { Db } from '../../../db/client.ts';
import { type AuthUser, authenticate } from '../../../platform/auth.ts';
import { endpoints } from '../../../platform/endpoint.ts';
import { ApiError, badRequest } from '../../../platform/r.ts';
import { type TraceLookup, traceChain } from '../../../platform/trace-chain/chain.ts';
import { isChained, targetOfToken, traceLinkOf } from '../../../platform/trace-chain/link.ts';

/** The spec §7.8 data object of one looked-up order. */
export function traceDataOf(found: TraceLookup, chainName: string): TraceData {
  const { proof } = found;
  return {
    transactionReceipt: {
      chain: chainName,
      version: proof.tx.v,
      transactionHash: proof.txHash,
      hash: proof.txHash,
      blockNumber: proof.block.height,
      blockHash: proof.blockHash,
      transactionIndex: found.txIndex,
      from: `tenant:${found.tenantId}`,
      to: 'loopyard-trace',
      status: 0,
      message: 'Success',
      input: proof.tx.payloadHash,
      output: '',
      logEntries: [],
      timestamp: proof.tx.time,
    },
    methodArgs: {
      methodName: proof.tx.event,
      orderType: proof.tx.orderType,
      orderNo: proof.tx.orderNo,
      structFields: structFieldsOf(proof.fields),
    },
    proof,
    history: found.history.map((h) => ({
      event: h.event,
      time: h.time,
      txHash: h.txHash,
      blockNumber: h.blockHeight,
    })),
  };
}

/** An anonymous caller without the record's token (or with a wrong one): the same answer, whatever exists. */
export const TRACE_LINK_INVALID = '溯源链接无效，请扫描单据上的二维码';

/** The caller's sign-in on this public route (the guard skips public routes): null without a valid token. */
async function signedIn(req: FastifyRequest, db: Db, secret: Uint8Array): Promise<AuthUser | null> {
  return authenticate(req, db, secret).catch(() => null);
}

/** Invalid public lookups an address may make in a minute (shared by every process); past it 429. */
export const TRACE_PROBES_PER_MINUTE = 30;

export function registerBlockchain(app: FastifyInstance, db: Db, secret: Uint8Array): void {
  const r = endpoints(app, db);
  // someone trying tokens or numbers: the invalid lookups of an address are counted in the shared store
  const probes = app.createRateLimit({
    max: TRACE_PROBES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `trace-probe:${req.ip}`,
  });
  const invalid = async (req: FastifyRequest) => {
    await probes(req);
    return badRequest(TRACE_LINK_INVALID);
  };
  r.handle(BLOCKCHAIN.transactionByOrderNo, async ({ query, req }) => {
    const chain = traceChain();
    // the token opens its own record for anyone; without it only a signed-in caller, by number in its tenant
    let tenantId: string;
    const user = await signedIn(req, db, secret);
    if (!user) {
      const seen = await probes(req, { increment: false });
      if (!seen.isAllowed && seen.remaining === 0 && seen.ttl > 0) throw new ApiError(429, '查询过于频繁，请稍后再试');
    }
    if (query.t) {
      const target = await targetOfToken(db, query.t);
      if (!target || target.orderType !== query.orderType || target.orderNo !== query.orderNo) {
        throw await invalid(req);
      }
      tenantId = target.tenantId;
    } else {
      if (!user) throw await invalid(req);
      tenantId = user.tenantId;
    }
    const found = await chain.lookup(db, query.orderType, query.orderNo, tenantId);
    if (!found.length) throw badRequest('未找到该单据的上链记录');
    const link = await traceLinkOf(db, { tenantId, orderType: query.orderType, orderNo: query.orderNo });
    return JSON.stringify({ ...traceDataOf(found[0], chain.name), link });
  });
  r.handle(BLOCKCHAIN.traceLink, async ({ query, user }) => {
    const target = { tenantId: user.tenantId, orderType: query.orderType, orderNo: query.orderNo };
    if (!(await isChained(db, target))) return { path: null };
    return { path: await traceLinkOf(db, target) };
  });
  r.handle(BLOCKCHAIN.verify, async ({ user }) => {
    const chain = traceChain();
    const report = await chain.verify(db, user.tenantId);
    return {
      ok: report.ok,
      chain: chain.name,
      blocks: report.blocks,
      txs: report.txs,
      brokenHeight: report.brokenHeight,
      reason: report.reason,
      checkedAt: new Date().toISOString(),
    };
  });
}
